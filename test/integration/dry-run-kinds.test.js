'use strict';
/**
 * Dry Run: every item checked and priced as a real run checks it, nothing created and nothing
 * uploaded. Counted at the fake service, which sees every create and upload; the same items then
 * run for real give the same estimates.
 */
const { useFakeService } = require('../support/fake');
const { costRunner, dry, RETRY, CONTINUE } = require('../support/run-cost');
const { dryRunKinds, noWait } = require('../support/dry-run-kinds');
const { binaryItem } = require('../support/media');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const { run, counted } = costRunner(ref);
const KINDS = dryRunKinds(ref);

describe('Dry Run, for every create kind', () => {
	test.each(Object.keys(KINDS))(
		'%s: no create, no upload, and the estimates a real run gives',
		async (name) => {
			const kind = KINDS[name]();
			const fetched = ref.svc.hosted.requests.length;
			const priced = await counted(() => run(dry(kind.params), { items: kind.items }));
			expect(priced.error).toBeUndefined();
			expect(priced.creates).toBe(0);
			expect(priced.uploads).toBe(0);
			// links are fetched and checked as in a real run
			if (kind.params.startFrameUrl || kind.params.referenceImageUrls)
				expect(ref.svc.hosted.requests.length - fetched).toBe(3);
			expect(priced.items.map((i) => i.json.dry_run)).toEqual([true, true, true]);
			expect(priced.items.map((i) => i.json.estimated_credits)).toEqual(kind.estimates);
			expect(priced.items.map((i) => i.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
			const total = kind.estimates.reduce((a, b) => a + b, 0);
			expect(priced.hints).toEqual([`3 items, ${total} credits estimated; nothing was created.`]);

			const real = await counted(() => run(noWait(kind.params), { items: kind.items }));
			expect(real.error).toBeUndefined();
			expect(real.jobs).toBe(3);
			expect(real.uploads).toBe(kind.uploads ?? 0);
			expect(real.items.map((i) => i.json.estimated_credits)).toEqual(kind.estimates);
		},
	);
});

describe('a dry run under Retry On Fail', () => {
	test('a dry run tried again still creates and uploads nothing', async () => {
		// the first item fails its check: its error item as the first output makes n8n try again
		const kind = KINDS['image, references from a binary field and a link']();
		const items = [binaryItem({ other: 'png' }, { p: 'x' }), ...kind.items];
		const result = await counted(() =>
			run(dry(kind.params), { items, extra: { ...RETRY, ...CONTINUE } }),
		);
		expect(result.creates).toBe(0);
		expect(result.uploads).toBe(0);
		expect(result.items[0].json.error).toMatch(/logo/);
		expect(result.items.slice(1).map((i) => i.json.estimated_credits)).toEqual([8, 8, 8]);
	});
});
