/**
 * Podcast requests: the length of the audio, stated in a prompt or counted in a script, and how
 * long a conversation is waited for.
 */
import {
	audioLength,
	conversationWaitMinutes,
} from '../../../nodes/MediaGeneration/validation/podcastRequest';

describe('the length of the audio', () => {
	test('units in any case; a word that only starts with one is no length', () => {
		expect(audioLength({ prompt: 'A 3 MINUTE update' })?.minutes).toBe(3);
		expect(audioLength({ prompt: '1 hour of calm' })?.minutes).toBe(60);
		expect(audioLength({ prompt: 'a 1 hr special' })?.minutes).toBe(60);
		expect(audioLength({ prompt: 'a 1.25 hours talk' })?.minutes).toBe(75);
		expect(audioLength({ prompt: 'a 45 sec spot' })?.minutes).toBe(0.75);
		expect(audioLength({ prompt: 'a 2 - min recap' })?.minutes).toBe(2);
		expect(audioLength({ prompt: 'Top 10 minimalist homes' })).toBeUndefined();
		expect(audioLength({})).toBeUndefined();
	});

	test("a script's words are counted over all its segments", () => {
		expect(
			audioLength({
				script: [
					{ text: 'one two', voice_id: 'a' },
					{ text: 'three', voice_id: 'b' },
				],
			}),
		).toEqual({
			minutes: 3 / 150,
			basis: '3 words at 150 a minute',
		});
	});

	test('the wait of a conversation: twice the audio plus 10 minutes, rounded up, at least an hour', () => {
		expect(conversationWaitMinutes(25)).toBe(60);
		expect(conversationWaitMinutes(25.2)).toBe(61);
		expect(conversationWaitMinutes(0)).toBe(60);
	});
});
