/**
 * Rule 6 of the poll plan (pollPlan.ts), the budget: which polls beyond the patrol go, pinned by
 * what a batch sees and how many polls it makes. The budget's own sums are in budget.test.ts.
 */
import { MARGIN_SHARE, PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import {
	loopRound,
	NET_MS,
	TOLERANCE_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { alike, linearWork, run, stepLimit, T0 } from './batchRun';
import { lagBoundMs, loop } from './loop';
import { serviceBatch } from './simulatedService';
import type { BatchSetting } from './simulatedService';
import { watch } from './simulator';

const ids = (due: Array<{ id: number }>) => due.map((d) => d.id).sort();

describe('rule 6: no more polls than the loop', () => {
	test('a batch of short jobs behind a few slots, whose loop round is short, polls no more than the loop', () => {
		for (const seed of [1, 2]) {
			const jobs = serviceBatch({ n: 20, runMs: 2000, spread: 0, capacity: 4, seed });
			// the run stops at the first poll beyond the loop's
			const maxPolls = loop(jobs).polls;
			expect(() => watch(jobs, { seed, jitterMs: 200, maxPolls })).not.toThrow();
		}
	});

	// batches whose budget runs to its last poll: a poll too many, or one held back, breaks a promise
	test.each([
		[
			'five at a time, 5 s ±50 %',
			{ n: 18, runMs: 5000, spread: 0.5, capacity: 5, seed: 12 },
			1,
			30,
		],
		['two at a time, two kinds of 20 s', { n: 10, runMs: 20_000, capacity: 2, seed: 67 }, 2, 0],
		[
			'queued long, five at a time',
			{ n: 17, runMs: 10_000, spread: 0.3, capacity: 5, seed: 65 },
			1,
			0,
		],
		[
			'queued long, one at a time',
			{ n: 14, runMs: 2000, spread: 0.3, capacity: 1, seed: 40 },
			3,
			0,
		],
	])(
		'%s: every job seen within its bound, with no more polls than the loop',
		(_, setting: BatchSetting, kinds: number, jitterMs: number) => {
			const jobs = serviceBatch(setting);
			const cohort = (i: number) => `c${i % kinds}`;
			// the run stops at the first poll beyond the loop's
			const plan = watch(jobs, {
				seed: setting.seed,
				jitterMs,
				cohort,
				maxPolls: loop(jobs).polls,
			});
			const late = plan.lagMs.filter(
				(lagMs, i) => lagMs > lagBoundMs(plan.targetMs[i], jitterMs, 20, plan.firstOfKind[i]),
			);
			expect(late).toEqual([]);
		},
	);
});

describe('rule 6: a large batch', () => {
	afterEach(() => jest.restoreAllMocks());

	test('a batch of thousands of alike jobs, whose loop round is long, is seen done sooner than the loop', () => {
		linearWork(2000);
		const jobs = serviceBatch({ n: 2000, runMs: 5000, spread: 0, seed: 1, createGapMs: 1.15 });
		const byLoop = loop(jobs);
		// its margin beyond the loop's polls is a small share
		const plan = watch(jobs, { seed: 1, jitterMs: 30, maxPolls: byLoop.polls * 1.1 });
		expect(plan.lastSeenAt).toBeLessThan(byLoop.lastSeenAt);
	});

	test("its scouts' polls in the loop's first round are its margin's, no more", () => {
		// the fewest jobs whose loop round is longer than the net, and a tenth more; ten of each kind
		let n = 1;
		const step = stepLimit();
		while (loopRound(n) < NET_MS && step()) n++;
		n = Math.ceil(n * 1.1);
		linearWork(n);
		const plan = new PollPlan();
		for (let id = 0; id < n; id++) plan.add(id, `c${id % (n / 10)}`, T0 + id);
		const margin = Math.floor(n * MARGIN_SHARE);
		let beyond = 0;
		// stops at the first poll beyond the margin
		for (
			let t = plan.wakeAt();
			t < T0 + loopRound(n) && beyond <= margin && step();
			t = plan.wakeAt()
		)
			for (const { id, routine } of plan.due(t)) {
				if (!routine) beyond++;
				plan.seen(id, false);
			}
		expect(beyond).toBeGreaterThan(0);
		expect(beyond).toBeLessThanOrEqual(margin);
	});

	test('thousands of jobs ending together are each seen, the plan staying one pass', () => {
		const n = 2000;
		linearWork(n);
		const polls = run({ endsAt: alike(n, () => 8_000), createdAt: alike(n, (id) => id) });
		expect(polls.every((p) => p.some((t) => t >= 8_000))).toBe(true);
	});
});

describe("rule 6: the poll kept for each job's end", () => {
	/**
	 * Alike jobs: job 0 ends at its first poll after its creation, jobs 1 and 2 are a second
	 * younger; `now`: each handed in and polled at once, as the loop polls it too.
	 */
	function firstEnd(now: boolean) {
		const plan = new PollPlan();
		plan.add(0, 'alike', T0, { now });
		for (const { id } of plan.due(T0)) plan.seen(id, false);
		plan.add(1, 'alike', T0 + 1000, { now });
		plan.add(2, 'alike', T0 + 1000, { now });
		for (const { id } of plan.due(T0 + 1000)) plan.seen(id, false);
		const t = plan.wakeAt();
		expect(ids(plan.due(t))).toEqual([0]);
		plan.seen(0, true);
		return { plan, t, endAge: t - T0 };
	}

	test.each([false, true])(
		'goes out with the budget spent, and only that one (handed in at once: %s)',
		(now) => {
			const { plan, t, endAge } = firstEnd(now);
			// jobs 1 and 2, the last left and younger than that end age, likely end when they reach
			// it: the polls the budget keeps for their ends go out now, though it has nothing beyond
			expect(plan.wakeAt()).toBeLessThanOrEqual(t);
			expect(ids(plan.due(t))).toEqual([1, 2]);
			plan.seen(1, false);
			plan.seen(2, false);
			// they found both running: the close watch must wait for the budget, so the next polls
			// are those at their end age
			expect(plan.wakeAt()).toBe(T0 + 1000 + endAge + TOLERANCE_MS);
		},
	);

	test('a job that leaves while that poll is out (its read failed) frees no poll beyond it', () => {
		const { plan, t, endAge } = firstEnd(false);
		expect(ids(plan.due(t))).toEqual([1, 2]);
		plan.remove(1);
		plan.seen(2, false);
		expect(plan.wakeAt()).toBe(T0 + 1000 + endAge + TOLERANCE_MS);
	});
});
