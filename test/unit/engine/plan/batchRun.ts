/**
 * A batch run through the poll plan (pollPlan.ts) on a clock the test moves, answers coming at
 * once: the rules' tests (rules.test.ts, budgetRule.test.ts) read which job was polled when.
 * Batches start at T0, not at 0, so that a time and an age differ.
 */
import { DueHeap } from '../../../../nodes/MediaGeneration/engine/plan/dueHeap';
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import type { PollOptions } from '../../../../nodes/MediaGeneration/engine/plan/pollJob';
import { loopRound } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

export const T0 = 7_000;
/** a round of the loop over one job, as the budget counts it: the patrol's floor */
export const ROUND = loopRound(1);

export type Batch = {
	/** when each job ends, from T0 */
	endsAt: number[];
	/** when each job is created, from T0 (5 ms apart if not given) */
	createdAt?: number[];
	/** until when each job is queued, from T0 */
	queuedUntil?: number[];
	cohort?: (id: number) => string;
	/** each job's options (Poll Interval, polled at once) */
	options?: (id: number) => PollOptions;
	/** stops the run at this time, from T0 */
	until?: number;
};

/**
 * A test's steps through a plan, counted: a plan broken so that it never gets where the test
 * waits for fails the test at once rather than hanging it. Use: `while (more && step())`.
 */
export function stepLimit(limit = 20_000): () => true {
	let steps = 0;
	return () => {
		if (++steps > limit) throw new Error(`the plan did not get there in ${limit} steps`);
		return true;
	};
}

/**
 * Fails the test once the plan's work is more than linear in its `jobs`: a few dozen entries a job
 * pushed into its heaps (dueHeap.ts). Each time a job is scheduled, its next polls go in; a plan
 * that rescheduled every job at every end would push millions. Restore it after each test
 * (`afterEach(() => jest.restoreAllMocks())`).
 */
export function linearWork(jobs: number): void {
	const limit = 50 * jobs;
	let pushes = 0;
	const push = DueHeap.prototype.push;
	jest.spyOn(DueHeap.prototype, 'push').mockImplementation(function (
		this: DueHeap<unknown>,
		...args: [unknown, number, number]
	) {
		if (++pushes > limit) throw new Error(`the plan pushed more than ${limit} heap entries`);
		push.apply(this, args);
	});
}

/** Runs a batch to its end (or `until`): the times of each job's polls, from T0. */
export function run(b: Batch, plan = new PollPlan()): number[][] {
	const polls: number[][] = b.endsAt.map(() => []);
	const adds = b.endsAt
		.map((_, id) => ({ id, at: T0 + (b.createdAt?.[id] ?? id * 5) }))
		.sort((x, y) => x.at - y.at);
	const stop = T0 + (b.until ?? Infinity);
	const step = stepLimit();
	const ended = new Set<number>();
	while ((plan.size || adds.length) && step()) {
		const t = Math.min(plan.wakeAt(), adds[0]?.at ?? Infinity);
		if (t > stop) break;
		let added = false;
		while (adds.length && adds[0].at <= t) {
			const { id, at } = adds.shift()!;
			plan.add(id, b.cohort?.(id) ?? 'alike', at, b.options?.(id));
			added = true;
		}
		const due = plan.due(t);
		// a plan's wake time is when a poll is due
		if (!added && !due.length)
			throw new Error(`the plan woke at ${t - T0} ms with nothing to poll`);
		for (const { id } of due) {
			if (ended.has(id))
				throw new Error(`job ${id} polled at ${t - T0} ms after it was seen ended`);
			// answers come at once, so a job's next poll is always later than its last
			if (polls[id].at(-1) === t - T0) throw new Error(`job ${id} polled twice at ${t - T0} ms`);
			polls[id].push(t - T0);
			if (t >= T0 + b.endsAt[id]) ended.add(id);
			if (t < T0 + (b.queuedUntil?.[id] ?? -Infinity)) plan.seenQueued(id);
			else plan.seen(id, ended.has(id));
		}
	}
	return polls;
}

export const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]);
export const between = (at: number[], from: number, to: number) =>
	at.filter((t) => t > from && t <= to);
/** how long after its end a job was first seen ended */
export const lag = (at: number[], endsAt: number) => at.find((t) => t >= endsAt)! - endsAt;
export const alike = (n: number, end: (id: number) => number) =>
	Array.from({ length: n }, (_, id) => end(id));
