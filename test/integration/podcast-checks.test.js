'use strict';
/** Podcast: every rule of an audio request is checked before anything is sent. */
const { FAST } = require('../support/media');
const { usePodcast, segments } = require('../support/podcast');

const { run, jobOf, creates } = usePodcast();

describe('every rule is checked before sending', () => {
	test.each([
		['generateFromPrompt', { prompt: ' ' }, /Prompt is empty/],
		[
			'generateFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava, voice-ava' },
			/Voice IDs must be unique; "voice-ava" is given twice/,
		],
		[
			'generateConversationFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava' },
			/conversations take exactly 2 voices, 1 given/,
		],
		[
			'generateConversationFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava, voice-ben, voice-eve' },
			/exactly 2 voices, 3 given/,
		],
		['generateFromScript', { segments: {} }, /Segments has no segments/],
		[
			'generateFromScript',
			{ segments: segments(['voice-ava', 'Hi'], ['voice-ben', '  ']) },
			/Segments, segment 2: Text is empty/,
		],
		[
			'generateFromScript',
			{ segments: segments(['', 'Hi']) },
			/Segments, segment 1: Voice ID \(voice_id\) is missing/,
		],
		[
			'generateFromScript',
			{ scriptSource: 'json', scriptJson: '{not json' },
			/Script \(JSON\) is not valid JSON/,
		],
		[
			'generateFromScript',
			{ scriptSource: 'json', scriptJson: '{"text": "x"}' },
			/Script \(JSON\) must be an array of segments/,
		],
		[
			'generateConversationFromScript',
			{ segments: segments(['voice-ava', 'Hi'], ['voice-ava', 'Me again']) },
			/a conversation needs exactly 2 voices taking turns; this script uses 1 \(voice-ava\)/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: '' } } },
			/Background Music needs a Music ID/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: 'music-calm', volume: 1.5 } } },
			/Volume must be between 0.0 and 1.0, not 1.5/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: 'music-calm', fadeInMs: -5 } } },
			/Fade In must be a whole number of milliseconds/,
		],
		[
			'generateFromPrompt',
			{
				prompt: 'x',
				backgroundMusic: {
					track: { musicId: 'music-calm', playbackStartMs: 5000, playbackEndMs: 3000 },
				},
			},
			/Playback End \(3000 ms\) must come after Playback Start \(5000 ms\)/,
		],
	])('%s: %p', async (operation, params, message) => {
		const before = creates();
		const { error } = await run({ ...params, options: FAST }, { operation });
		expect(error?.message).toMatch(message);
		expect(creates()).toBe(before);
	});

	test('conversation operations never offer or send music', async () => {
		const { nodeInstance } = require('../support/built-node');
		const props = nodeInstance.description.properties.filter((p) => p.name === 'backgroundMusic');
		const shownFor = props.flatMap((p) => p.displayOptions.show.operation);
		expect(shownFor.sort()).toEqual(['generateFromPrompt', 'generateFromScript']);
		const { items } = await run(
			{
				prompt: 'x',
				backgroundMusic: { track: { musicId: 'music-calm' } },
				options: { ...FAST, downloadMedia: false },
			},
			{ operation: 'generateConversationFromPrompt' },
		);
		expect(jobOf(items[0]).request.music_spec).toBeUndefined();
	});
});
