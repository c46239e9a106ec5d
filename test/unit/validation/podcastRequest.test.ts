import {
	parseScript,
	expectedAudioMinutes,
	conversationWaitMinutes,
	musicSpec,
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
