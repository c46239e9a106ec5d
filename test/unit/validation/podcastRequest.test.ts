import {
	checkConversationScript,
	checkVoiceIds,
	conversationWaitMinutes,
	expectedAudioMinutes,
	musicSpec,
	parseScript,
} from '../../../nodes/MediaGeneration/validation/podcastRequest';

describe('podcast request checks', () => {
	test('a script as text, as data, or wrapped in {script}', () => {
		const seg = [{ text: ' Hi ', voice_id: 'v1' }];
		expect(parseScript(JSON.stringify(seg), 'S')).toEqual([{ text: 'Hi', voice_id: 'v1' }]);
		expect(parseScript({ script: seg }, 'S')).toEqual([{ text: 'Hi', voice_id: 'v1' }]);
		expect(() => parseScript([{ text: 'x', voice_id: 3 }], 'S')).toThrow(
			/S, segment 1: Voice ID must be text, not the number 3/,
		);
	});
	test('conversations wait at least a minute per minute of audio, and never under an hour', () => {
		const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
		expect(expectedAudioMinutes({ script: [{ text: words(3000), voice_id: 'a' }] })).toBe(20);
		expect(expectedAudioMinutes({ prompt: 'A 45-minute deep dive' })).toBe(45);
		expect(expectedAudioMinutes({ prompt: 'A deep dive' })).toBeUndefined();
		expect(conversationWaitMinutes(undefined)).toBe(60);
		expect(conversationWaitMinutes(45)).toBe(100);
		expect(conversationWaitMinutes(45)).toBeGreaterThanOrEqual(45);
	});
	test('music: playback end 0 means "to the end", and is not sent', () => {
		expect(
			musicSpec({
				musicId: 'm',
				volume: 0.05,
				fadeInMs: 0,
				fadeOutMs: 0,
				playbackStartMs: 0,
				playbackEndMs: 0,
				loop: false,
			}),
		).toEqual({
			music_id: 'm',
			volume: 0.05,
			fade_in_ms: 0,
			fade_out_ms: 0,
			playback_start: 0,
			loop: false,
		});
	});
});

describe('a script', () => {
	const fails = (value: unknown) => () => parseScript(value, 'Script');

	test('empty text, text that is not JSON, or JSON that is not a list of segments is refused', () => {
		expect(fails('  \n')).toThrow(/^Script is empty; give at least one segment/);
		expect(fails('[{"text": ')).toThrow(/^Script is not valid JSON; expected an array like/);
		expect(fails('null')).toThrow('Script must be an array of segments {text, voice_id}');
		expect(fails({ text: 'Hi', voice_id: 'v' })).toThrow(/^Script must be an array of segments/);
		expect(fails({ script: 'Hi' })).toThrow(/^Script must be an array of segments/);
		expect(fails('[]')).toThrow(/^Script has no segments; give at least one/);
	});

	test('text with spaces around the JSON is read', () => {
		expect(parseScript(' [{"text": "Hi", "voice_id": "v1"}] \n', 'Script')).toEqual([
			{ text: 'Hi', voice_id: 'v1' },
		]);
	});

	test('each segment is an object with text and a voice id, named by its place', () => {
		const ok = { text: 'Hi', voice_id: 'v1' };
		expect(fails([ok, null])).toThrow(
			'Script, segment 2 must be an object {text, voice_id}, not null',
		);
		expect(fails([ok, ['Hi', 'v1']])).toThrow(
			/^Script, segment 2 must be an object .*, not a list$/,
		);
		expect(fails(['Hi'])).toThrow(/^Script, segment 1 must be an object .*, not the string Hi$/);
		expect(fails([{ text: '  ', voice_id: 'v1' }])).toThrow('Script, segment 1: Text is empty');
		expect(fails([{ text: { a: 1 }, voice_id: 'v1' }])).toThrow(
			'Script, segment 1: Text must be text, not an object',
		);
		expect(fails([{ text: 'Hi', voiceId: null }])).toThrow(
			/^Script, segment 1: Voice ID \(voice_id\) is missing/,
		);
		for (const voice of [undefined, null, ' '])
			expect(fails([{ text: 'Hi', voice_id: voice }])).toThrow(
				/^Script, segment 1: Voice ID \(voice_id\) is missing/,
			);
		expect(fails([{ text: 'Hi', voice_id: 'voice ava' }])).toThrow(
			/^Script, segment 1: Voice ID: "voice ava" is not a valid id/,
		);
		expect(fails([{ text: 'Hi', voice_id: 'v'.repeat(201) }])).toThrow(
			/^Script, segment 1: Voice ID is 201 characters long/,
		);
	});

	test('a voice id may come as voiceId; text and ids are trimmed', () => {
		expect(parseScript([{ text: ' Hi ', voiceId: ' v2 ' }], 'Script')).toEqual([
			{ text: 'Hi', voice_id: 'v2' },
		]);
	});
});

describe('voices', () => {
	test('no voice ids: the service picks its default voices', () => {
		expect(checkVoiceIds([], true)).toBeUndefined();
		expect(checkVoiceIds([], false)).toBeUndefined();
	});

	test('each voice once; a conversation takes exactly two', () => {
		expect(checkVoiceIds(['a', 'b', 'c'], false)).toEqual(['a', 'b', 'c']);
		expect(checkVoiceIds(['a', 'b'], true)).toEqual(['a', 'b']);
		expect(() => checkVoiceIds(['a', 'b', 'a'], false)).toThrow(
			/^Voice IDs must be unique; "a" is given twice$/,
		);
		expect(() => checkVoiceIds(['a', 'b', 'c'], true)).toThrow(
			/^Voice IDs: conversations take exactly 2 voices, 3 given/,
		);
		expect(() => checkVoiceIds(['a'], true)).toThrow(/exactly 2 voices, 1 given/);
	});

	test('a conversation script is spoken by exactly two voices, and the message names those it uses', () => {
		const seg = (voice_id: string) => ({ text: 'Hi', voice_id });
		expect(() => checkConversationScript([seg('a'), seg('b'), seg('a')], 'Script')).not.toThrow();
		expect(() => checkConversationScript([seg('a'), seg('a')], 'Script')).toThrow(
			/^Script: a conversation needs exactly 2 voices .*uses 1 \(a\)$/,
		);
		expect(() => checkConversationScript([seg('a'), seg('b'), seg('c')], 'Script')).toThrow(
			/uses 3 \(a, b, c\)$/,
		);
	});
});
