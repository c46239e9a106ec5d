'use strict';
/**
 * Max Credits for the Run: the items' estimates are added in input order, and the items that
 * would take the total past the limit fail before any job is created. Counted at the fake
 * service, which sees every create.
 */
const { useFakeService } = require('../support/fake');
const { FAST } = require('../support/media');
const { costRunner, pricyVideo, CONTINUE, RETRY, TOOL } = require('../support/run-cost');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const { run, counted } = costRunner(ref);

/** Ten image items at 2 credits each (sketch-lite at 720p), each with its own prompt. */
const TEN = Array.from({ length: 10 }, (_, i) => ({ json: { p: `budget item ${i}` } }));
const budgetImages = (limit, extra = {}) => ({
	resource: 'image',
	operation: 'generate',
	prompt: '={{ $json.p }}',
	model: 'sketch-lite',
	waitForCompletion: false,
	options: { maxRunCredits: limit, ...extra },
});
const promptsCreated = (from) =>
	ref.svc.state.requests
		.slice(from)
		.filter((r) => r.route === 'POST /image')
		.map((r) => r.body.prompt);

describe('Max Credits for the Run', () => {
	test('a limit of 7 admits exactly the first 3 of 10 items at 2 credits; the rest fail before any create', async () => {
		const from = ref.svc.state.requests.length;
		const result = await counted(() => run(budgetImages(7), { items: TEN, extra: CONTINUE }));
		expect(result.creates).toBe(3);
		expect(promptsCreated(from)).toEqual(['budget item 0', 'budget item 1', 'budget item 2']);
		expect(result.items.slice(0, 3).map((i) => typeof i.json.job_id)).toEqual(
			Array(3).fill('string'),
		);
		for (const item of result.items.slice(3)) {
			expect(item.json.error).toBe(
				'Max Credits for the Run (7) would be passed: the items admitted so far total an estimated 6 credits, and this item adds 2 credits (2 credits per image at 720p × 1). Raise Max Credits for the Run, or send fewer or cheaper items.',
			);
		}
		expect(result.items.map((i) => i.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	test('without Continue On Fail the run fails before any create, giving the whole batch total', async () => {
		const result = await counted(() => run(budgetImages(7), { items: TEN }));
		expect(result.creates).toBe(0);
		expect(result.error.message).toBe(
			"This run's 10 items are estimated at 20 credits in all, above Max Credits for the Run (7); no job was created. Item 4 is the first past it: 6 credits before it, and 2 credits for it. Raise the limit, send fewer items, or turn on Continue On Fail to run the items that fit.",
		);
	});

	test('a later, cheaper item that still fits goes; an item with no estimate is refused', async () => {
		const items = ['A 3-minute ad', 'A 2-minute ad', 'A story', 'A 1-minute ad'].map((p) => ({
			json: { p },
		}));
		const result = await counted(() =>
			run(
				{
					resource: 'podcast',
					operation: 'generateFromPrompt',
					prompt: '={{ $json.p }}',
					waitForCompletion: false,
					options: { maxRunCredits: 45 },
				},
				{ items, extra: CONTINUE },
			),
		);
		expect(result.creates).toBe(2);
		expect(result.items[0].json.estimated_credits).toBe(30);
		expect(result.items[1].json.error).toMatch(
			/total an estimated 30 credits, and this item adds 20/,
		);
		expect(result.items[2].json.error).toMatch(
			/cost cannot be estimated \(the prompt states no length\)/,
		);
		expect(result.items[3].json.estimated_credits).toBe(10);
	});

	test('a dry run applies the limit too, and creates nothing', async () => {
		const result = await counted(() =>
			run(budgetImages(7, { dryRun: true }), { items: TEN, extra: CONTINUE }),
		);
		expect(result.creates).toBe(0);
		expect(result.items.filter((i) => i.json.dry_run)).toHaveLength(3);
		expect(result.items.filter((i) => i.json.error)).toHaveLength(7);
		expect(result.hints).toEqual([
			'3 items, 6 credits estimated, 7 items would fail; nothing was created.',
		]);
	});

	test('a negative limit is refused, naming the field', async () => {
		const result = await counted(() => run(budgetImages(-1), { items: TEN.slice(0, 1) }));
		expect(result.error.message).toMatch(
			/Max Credits for the Run must be 0 \(no limit\) or more, not -1/,
		);
		expect(result.creates).toBe(0);
	});
});

describe('under Retry On Fail', () => {
	test('a job an earlier try created is counted once: the same items are admitted on every try', async () => {
		// item 0's job fails on every try, so n8n tries the node three times; items 1 and 2 are
		// created once and taken up; item 3 passes the limit of 6 on every try
		const items = ['[fail] retry 0', 'retry 1', 'retry 2', 'retry 3'].map((p) => ({
			json: { p: `${p} ${Date.now()}` },
		}));
		const from = ref.svc.state.requests.length;
		const params = {
			...budgetImages(6),
			waitForCompletion: true,
			options: { maxRunCredits: 6, ...FAST },
		};
		const result = await counted(() => run(params, { items, extra: { ...RETRY, ...CONTINUE } }));
		const made = promptsCreated(from);
		expect(made.filter((p) => p.startsWith('[fail]'))).toHaveLength(3);
		expect(made.filter((p) => p.startsWith('retry 1'))).toHaveLength(1);
		expect(made.filter((p) => p.startsWith('retry 2'))).toHaveLength(1);
		expect(made.filter((p) => p.startsWith('retry 3'))).toHaveLength(0);
		expect(result.items[0].json.error).toMatch(/^Image job .* failed/);
		expect(result.items.slice(1, 3).map((i) => i.json.status)).toEqual(['succeeded', 'succeeded']);
		expect(result.items[3].json.error).toMatch(
			/total an estimated 6 credits, and this item adds 2/,
		);
	});
});

describe('as an AI agent tool', () => {
	test('a call past the run limit fails, naming the limit and the estimate; nothing is created', async () => {
		const result = await counted(() =>
			run(pricyVideo({ maxRunCredits: 100 }), { extra: { type: TOOL } }),
		);
		expect(result.creates).toBe(0);
		expect(result.error.message).toMatch(/Max Credits for the Run \(100\).*120 credits/);
	});
});
