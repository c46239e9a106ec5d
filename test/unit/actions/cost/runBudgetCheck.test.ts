import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { withinRunBudget } from '../../../../nodes/MediaGeneration/actions/cost/runBudgetCheck';
import type { CreditEstimate } from '../../../../nodes/MediaGeneration/contract/credits';
import { PriorTries } from '../../../../nodes/MediaGeneration/engine/batch/priorTries';
import type { JobRequest, WaitSettings } from '../../../../nodes/MediaGeneration/engine/jobs/types';
import { fakeContext } from '../../../support/fakeContext';

type Prepared = Parameters<typeof withinRunBudget>[4][number];

// the budget never reads how a job would be waited for
const settings = {} as WaitSettings;
const create = (n: number) => ({ path: '/image', body: { prompt: `cat ${n}` } });
const job = (n: number, estimate?: CreditEstimate): Prepared => ({
	ok: true,
	value: { kind: 'image', create: create(n), settings, json: {}, estimate } as JobRequest,
});
const costs = (n: number, credits: number) =>
	job(n, { credits, basis: `${credits} for item ${n}` });
const download: Prepared = {
	ok: true,
	value: { kind: 'image', jobId: 'j', settings, json: {} },
};
const refusedEarlier: Prepared = { ok: false, error: new Error('Prompt is empty') };

/** A run of the node: a fake context, with records of earlier tries when given. */
function run(records?: (prior: PriorTries) => void): IExecuteFunctions {
	const ctx = fakeContext([]);
	if (!records) return ctx;
	const memory: IDataObject = {};
	records(new PriorTries(memory, 0));
	return Object.assign(ctx, {
		getContext: () => memory,
		getWorkflowDataProxy: () => ({ $runIndex: 0 }),
	});
}

/** The error an item got, by position. */
const errorAt = (out: Prepared[], pos: number) => {
	const p = out[pos];
	if (p.ok) throw new Error(`item at ${pos} was not refused`);
	return p.error as NodeOperationError;
};
const thrown = (call: () => unknown) => {
	try {
		call();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('nothing was thrown');
};

describe('Max Credits for the Run, applied to the checked items', () => {
	test('no limit (0): every item goes as it is, with or without an estimate', () => {
		const prepared = [costs(0, 1000), job(1)];
		expect(withinRunBudget(run(), 0, false, [0, 1], prepared)).toBe(prepared);
	});

	test('items within the limit go as they are', () => {
		const prepared = [costs(0, 10), costs(1, 20)];
		expect(withinRunBudget(run(), 30, false, [0, 1], prepared)).toBe(prepared);
	});

	test('with Continue On Fail, each item past the limit fails on its own, with its item index', () => {
		const prepared = [costs(0, 20), refusedEarlier, costs(2, 20), costs(3, 10), job(4)];
		const out = withinRunBudget(run(), 30, true, [0, 1, 2, 3, 4], prepared);
		expect(out.map((p) => p.ok)).toEqual([true, false, false, true, false]);
		expect(out[0]).toBe(prepared[0]);
		expect(out[1]).toBe(refusedEarlier);
		expect(out[3]).toBe(prepared[3]);
		expect(errorAt(out, 2)).toBeInstanceOf(NodeOperationError);
		expect(errorAt(out, 2).message).toMatch(/Max Credits for the Run \(30\) would be passed/);
		expect(errorAt(out, 2).context.itemIndex).toBe(2);
		expect(errorAt(out, 4).message).toMatch(
			/Max Credits for the Run is set \(30\).*cannot be estimated/,
		);
		expect(errorAt(out, 4).context.itemIndex).toBe(4);
	});

	test("an item's index is its place in the input, not among the checked items", () => {
		const out = withinRunBudget(run(), 10, true, [3, 7], [costs(0, 10), costs(1, 10)]);
		expect(errorAt(out, 1).context.itemIndex).toBe(7);
	});

	test('a request that creates nothing (a download) is neither counted nor refused', () => {
		const prepared = [download, costs(1, 10)];
		expect(withinRunBudget(run(), 10, false, [0, 1], prepared)).toBe(prepared);
	});

	test("without Continue On Fail, the run fails before any job, with the whole batch's total", () => {
		const error = thrown(() =>
			withinRunBudget(run(), 25, false, [0, 1, 2], [costs(0, 20), costs(1, 10), costs(2, 5)]),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(
			/^This run's 3 items are estimated at 35 credits in all, above Max Credits for the Run \(25\)/,
		);
		expect(error.message).toMatch(/Item 2 is the first past it/);
		expect(error.context.itemIndex).toBe(1);
	});

	test('without Continue On Fail, an item without an estimate fails the run with its own reason', () => {
		const error = thrown(() =>
			withinRunBudget(run(), 100, false, [0, 1], [costs(0, 10), job(1, { basis: 'no length' })]),
		);
		expect(error.message).toMatch(/cannot be estimated \(no length\)/);
		expect(error.context.itemIndex).toBe(1);
	});

	test('without Continue On Fail, an item that failed its own checks is left to fail the run first', () => {
		const prepared = [refusedEarlier, costs(1, 1000)];
		expect(withinRunBudget(run(), 10, false, [0, 1], prepared)).toBe(prepared);
	});

	test('a job an earlier try created is counted at the credits it was created with, and never refused', () => {
		// item 0's job exists from an earlier try, which the service priced at 55
		const ctx = run((prior) =>
			prior.sent(0, create(0), { kind: 'image', at: 1, id: 'j0', credits: 55 }),
		);
		const out = withinRunBudget(ctx, 60, true, [0, 1], [costs(0, 10), costs(1, 10)]);
		expect(out[0].ok).toBe(true);
		expect(errorAt(out, 1).message).toMatch(
			/total an estimated 55 credits, and this item adds 10 credits/,
		);
	});

	test('a job taken up without a recorded price is counted at its estimate', () => {
		const ctx = run((prior) =>
			prior.sent(0, create(0), { kind: 'image', at: 1, unanswered: 'HTTP 502' }),
		);
		const out = withinRunBudget(ctx, 60, true, [0, 1], [costs(0, 55), costs(1, 10)]);
		expect(errorAt(out, 1).message).toMatch(/total an estimated 55 credits/);
		const fits = [costs(0, 40), costs(1, 10)];
		expect(withinRunBudget(ctx, 60, true, [0, 1], fits)).toBe(fits);
	});

	test('a job an earlier try created goes even past a limit lowered since: refusing it would not undo it', () => {
		const ctx = run((prior) =>
			prior.sent(0, create(0), { kind: 'image', at: 1, id: 'j0', credits: 100 }),
		);
		const prepared = [costs(0, 100)];
		expect(withinRunBudget(ctx, 60, false, [0], prepared)).toBe(prepared);
	});
});
