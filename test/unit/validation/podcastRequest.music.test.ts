/** Podcast requests: background music, as the service takes it. */
import { musicSpec } from '../../../nodes/MediaGeneration/validation/podcastRequest';

describe('background music', () => {
	const music = {
		musicId: 'calm-1',
		volume: 0.5,
		fadeInMs: 100,
		fadeOutMs: 200,
		playbackStartMs: 1000,
		playbackEndMs: 0,
		loop: true,
	};

	test("every field is sent under the service's name; the id is trimmed", () => {
		expect(musicSpec({ ...music, musicId: ' calm-1 ', playbackEndMs: 5000 })).toEqual({
			music_id: 'calm-1',
			volume: 0.5,
			fade_in_ms: 100,
			fade_out_ms: 200,
			playback_start: 1000,
			playback_end: 5000,
			loop: true,
		});
	});

	test('a Music ID is required', () => {
		expect(() => musicSpec({ ...music, musicId: '  ' })).toThrow(
			/^Background Music needs a Music ID/,
		);
	});

	test('volume from 0.0 to 1.0', () => {
		expect(musicSpec({ ...music, volume: 0 }).volume).toBe(0);
		expect(musicSpec({ ...music, volume: 1 }).volume).toBe(1);
		for (const volume of [-0.1, 1.1, NaN])
			expect(() => musicSpec({ ...music, volume })).toThrow(
				`Background Music Volume must be between 0.0 and 1.0, not ${volume}`,
			);
	});

	test('fades and playback times are whole milliseconds, 0 or more, refused by the field', () => {
		for (const [field, label] of [
			['fadeInMs', 'Fade In'],
			['fadeOutMs', 'Fade Out'],
			['playbackStartMs', 'Playback Start'],
			['playbackEndMs', 'Playback End'],
		]) {
			for (const bad of [-1, 1.5])
				expect(() => musicSpec({ ...music, [field]: bad })).toThrow(
					`Background Music ${label} must be a whole number of milliseconds, 0 or more, not ${bad}`,
				);
		}
	});

	test('playback end must come after playback start', () => {
		expect(musicSpec({ ...music, playbackEndMs: 1001 }).playback_end).toBe(1001);
		for (const end of [1000, 999])
			expect(() => musicSpec({ ...music, playbackEndMs: end })).toThrow(
				`Background Music Playback End (${end} ms) must come after Playback Start (1000 ms)`,
			);
	});
});
