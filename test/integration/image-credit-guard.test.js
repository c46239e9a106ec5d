'use strict';
/** Image > Generate's credit guard: an estimate above Max Credits fails the item before its job. */
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST, count } = require('../support/image');

const ref = useFakeService();
const run = imageRunner(ref);
const paid = () => count(ref.svc, 'POST /image') + count(ref.svc, 'POST /image/upload');

describe('credit guard', () => {
	test('an estimate above Max Credits fails the item before any job is created', async () => {
		const before = paid();
		const { error } = await run({
			prompt: 'A cat',
			model: 'studio-4k',
			resolution: '4k',
			numberOfImages: 3,
			options: { ...FAST, maxCredits: 50 },
		});
		expect(error.message).toMatch(
			/estimated 60 credits \(20 credits per image at 4k × 3\), above Max Credits \(50\)/,
		);
		expect(paid()).toBe(before);
	});

	test('the default resolution is priced when none is chosen; within Max Credits the job runs', async () => {
		const { items, error } = await run({
			prompt: 'A cat',
			model: 'studio-4k',
			numberOfImages: 2,
			options: { ...FAST, maxCredits: 24, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ resolution: '2k', estimated_credits: 24 });
	});

	test('with Continue On Fail only the expensive item fails', async () => {
		const items = [{ json: { n: 1 } }, { json: { n: 4 } }, { json: { n: 2 } }];
		const { items: out } = await run(
			{
				prompt: 'A cat',
				model: 'flux-pro',
				resolution: '2k',
				numberOfImages: '={{ $json.n }}',
				options: { ...FAST, maxCredits: 20, downloadMedia: false },
			},
			{ items, extra: { onError: 'continueRegularOutput' } },
		);
		expect(
			out.map((o) => [o.pairedItem.item, o.json.error ? 'error' : o.json.image_number]),
		).toEqual([
			[0, 1],
			[1, 'error'],
			[2, 1],
			[2, 2],
		]);
		expect(out[1].json.error).toMatch(/estimated 40 credits/);
	});
});
