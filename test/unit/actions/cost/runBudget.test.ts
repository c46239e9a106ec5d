import {
	batchOverMessage,
	credits,
	judgeBudget,
	type BudgetItem,
} from '../../../../nodes/MediaGeneration/actions/cost/runBudget';

const item = (itemIndex: number, amount?: number, madeEarlier = false): BudgetItem => ({
	itemIndex,
	estimate: { credits: amount, basis: `basis ${itemIndex}` },
	madeEarlier,
});

describe('Max Credits for the Run', () => {
	test('estimates are added in input order; the first k that fit go, the rest are refused', () => {
		const items = [10, 10, 10, 10, 10].map((c, i) => item(i, c));
		const verdict = judgeBudget(30, items);
		expect([...verdict.refused.keys()]).toEqual([3, 4]);
		expect(verdict.total).toBe(50);
		expect(verdict.firstOver).toEqual({ pos: 3, soFar: 30, credits: 10 });
		expect(verdict.refused.get(3)).toBe(
			'Max Credits for the Run (30) would be passed: the items admitted so far total an estimated 30 credits, and this item adds 10 credits (basis 3). Raise Max Credits for the Run, or send fewer or cheaper items.',
		);
	});

	test('an item that would pass the limit is refused; a later, cheaper one that fits goes', () => {
		const verdict = judgeBudget(25, [item(0, 20), item(1, 10), item(2, 5)]);
		expect([...verdict.refused.keys()]).toEqual([1]);
	});

	test('exactly at the limit goes, counted to the hundredth', () => {
		expect(judgeBudget(0.3, [item(0, 0.1), item(1, 0.2)]).refused.size).toBe(0);
		expect(judgeBudget(30, [item(0, 30)]).refused.size).toBe(0);
		expect(judgeBudget(30, [item(0, 30.01)]).refused.size).toBe(1);
	});

	test('an item without an estimate is refused while a limit is set', () => {
		const verdict = judgeBudget(100, [item(0, undefined), item(1, 10)]);
		expect([...verdict.refused.keys()]).toEqual([0]);
		expect(verdict.refused.get(0)).toMatch(/cannot be estimated \(basis 0\)/);
		expect(verdict.firstOver).toBeUndefined();
	});

	test('a job an earlier try made is counted first, once, and never refused', () => {
		// items 2 and 3 were created by an earlier try: their 20 are spent before item 0 is counted
		const items = [item(0, 10), item(1, 10), item(2, 10, true), item(3, 10, true)];
		const verdict = judgeBudget(30, items);
		expect([...verdict.refused.keys()]).toEqual([1]);
		expect(verdict.refused.get(1)).toMatch(/total an estimated 30 credits, and this item adds 10/);
		expect(verdict.total).toBe(40);
		// even past a limit lowered since: the job exists, refusing it would not undo it
		expect(judgeBudget(5, [item(0, 10, true)]).refused.size).toBe(0);
	});

	test("the run's error gives the whole batch's total and where it passes the limit", () => {
		const items = [500, 500, 440].map((c, i) => item(i + 4, c));
		const verdict = judgeBudget(1000, items);
		expect(batchOverMessage(1000, verdict, items)).toBe(
			"This run's 3 items are estimated at 1,440 credits in all, above Max Credits for the Run (1000); no job was created. Item 7 is the first past it: 1,000 credits before it, and 440 credits for it. Raise the limit, send fewer items, or turn on Continue On Fail to run the items that fit.",
		);
	});

	test('credits in words, with thousands separated', () => {
		expect(credits(1)).toBe('1 credit');
		expect(credits(1440)).toBe('1,440 credits');
		expect(credits(7.5)).toBe('7.5 credits');
		expect(credits(0.1 + 0.2)).toBe('0.3 credits');
	});

	test('an item with no estimate at all is refused as one that cannot be estimated, and adds nothing', () => {
		const items: BudgetItem[] = [
			{ itemIndex: 0, madeEarlier: true },
			{ itemIndex: 1, madeEarlier: false },
			item(2, 10),
		];
		const verdict = judgeBudget(10, items);
		expect([...verdict.refused.keys()]).toEqual([1]);
		expect(verdict.refused.get(1)).toMatch(
			/^Max Credits for the Run is set \(10\), but this item's cost cannot be estimated \(no estimate\)\. .*or set Max Credits for the Run to 0\.$/,
		);
		expect(verdict.total).toBe(10);
	});

	test('a run of one item says so in the singular', () => {
		const items = [item(0, 40)];
		expect(batchOverMessage(30, judgeBudget(30, items), items)).toMatch(
			/^This run's 1 item is estimated at 40 credits in all, above Max Credits for the Run \(30\)/,
		);
	});
});
