'use strict';
/**
 * The cost of audio up front: about 10 credits per minute of audio (the service's stated rate),
 * the minutes from the script's words (about 150 a minute) or from a length the prompt states.
 * Max Credits stops an item above it before its job is created.
 */
const { useFakeService } = require('../support/fake');
const { runner, FAST } = require('../support/media');

const ref = useFakeService({ timing: { queueMs: 10, audioMs: 200 } });
const run = runner(ref, 'podcast');
const creates = () =>
	ref.svc.state.requests.filter((r) => r.route?.startsWith('POST /podcast')).length;
const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const segments = (...pairs) => ({ segment: pairs.map(([voiceId, text]) => ({ voiceId, text })) });

describe('podcast creates: estimated credits and Max Credits', () => {
	test('a script of 300 words: about 2 minutes, 20 credits, on the job as soon as it is created', async () => {
		const { items, error } = await run(
			{
				segments: segments(['voice-ava', words(200)], ['voice-dan', words(100)]),
				waitForCompletion: false,
			},
			{ operation: 'generateFromScript' },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ job_id: expect.any(String), estimated_credits: 20 });
	});

	test('a finished job keeps its estimate; part of a minute costs its part, rounded up', async () => {
		const { items, error } = await run(
			{
				scriptSource: 'json',
				scriptJson: JSON.stringify([
					{ text: words(80), voice_id: 'voice-ava' },
					{ text: words(80), voice_id: 'voice-dan' },
				]),
				options: FAST,
			},
			{ operation: 'generateConversationFromScript' },
		);
		expect(error).toBeUndefined();
		// 160 words at 150 a minute: 1.07 minutes, 10.7 credits, rounded up to 11
		expect(items[0].json).toMatchObject({ status: 'succeeded', estimated_credits: 11 });
		expect(items[0].binary.data.mimeType).toBe('audio/mpeg');
	});

	test('a prompt that states its length: that many minutes', async () => {
		const { items } = await run(
			{ prompt: 'A 5-minute chat about urban beekeeping', waitForCompletion: false },
			{ operation: 'generateConversationFromPrompt' },
		);
		expect(items[0].json.estimated_credits).toBe(50);
		const ad = await run(
			{ prompt: 'A 30-second radio ad for a bakery', waitForCompletion: false },
			{ operation: 'generateFromPrompt' },
		);
		expect(ad.items[0].json.estimated_credits).toBe(5);
	});

	test('a prompt with no length: no estimate, and the job is still created', async () => {
		const before = creates();
		const { items, error } = await run(
			{ prompt: 'A story about a lighthouse keeper', waitForCompletion: false },
			{ operation: 'generateFromPrompt' },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.job_id).toEqual(expect.any(String));
		expect(items[0].json).not.toHaveProperty('estimated_credits');
		expect(creates()).toBe(before + 1);
	});

	test('Max Credits below the estimate: the item fails before its job is created, saying how', async () => {
		const before = creates();
		const { error } = await run(
			{
				segments: segments(['voice-ava', words(300)]),
				options: { maxCredits: 15 },
			},
			{ operation: 'generateFromScript' },
		);
		expect(error.message).toMatch(
			/estimated 20 credits \(10 credits per minute of audio × about 2 minutes: 300 words at 150 a minute\), above Max Credits \(15\)/,
		);
		expect(creates()).toBe(before);
	});

	test('Max Credits with a prompt that states no length: refused, saying how to give one', async () => {
		const before = creates();
		const { error } = await run(
			{ prompt: 'A story about a lighthouse keeper', options: { maxCredits: 100 } },
			{ operation: 'generateFromPrompt' },
		);
		expect(error.message).toMatch(/Max Credits.*states no length/);
		expect(error.message).toMatch(/minute/);
		expect(creates()).toBe(before);
	});

	test('Max Credits at or above the estimate lets the job go', async () => {
		const { items, error } = await run(
			{
				prompt: 'A 2-minute update for the team',
				options: { maxCredits: 20 },
				waitForCompletion: false,
			},
			{ operation: 'generateFromPrompt' },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.estimated_credits).toBe(20);
	});
});
