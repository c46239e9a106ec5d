/**
 * Each rule of the poll plan (pollPlan.ts), pinned by what it does to a batch: which job is polled
 * when. Answers come at once. Batches start at T0, not at 0, so that a time and an age differ.
 */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import { loop } from './loop';
import { serviceBatch, watch } from './simulator';
import { CLOSE_LEFT, loopRound } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

const T0 = 7_000;
/** a round of the loop over one job, as the budget counts it: the patrol's floor */
const ROUND = loopRound(1);

type Batch = {
	/** when each job ends, from T0 */
	endsAt: number[];
	/** when each job is created, from T0 (5 ms apart if not given) */
	createdAt?: number[];
	/** until when each job is queued, from T0 */
	queuedUntil?: number[];
	cohort?: (id: number) => string;
	/** stops the run at this time, from T0 */
	until?: number;
};

/** Runs a batch to its end (or `until`): the times of each job's polls, from T0. */
function run(b: Batch, plan = new PollPlan()): number[][] {
	const polls: number[][] = b.endsAt.map(() => []);
	const adds = b.endsAt.map((_, id) => ({ id, at: T0 + (b.createdAt?.[id] ?? id * 5) }));
	const stop = T0 + (b.until ?? Infinity);
	for (let step = 0; step < 200_000 && (plan.size || adds.length); step++) {
		const t = Math.min(plan.wakeAt(), adds[0]?.at ?? Infinity);
		if (t > stop) break;
		while (adds.length && adds[0].at <= t) {
			const { id, at } = adds.shift()!;
			plan.add(id, b.cohort?.(id) ?? 'alike', at);
		}
		for (const { id } of plan.due(t)) {
			polls[id].push(t - T0);
			if (t < T0 + (b.queuedUntil?.[id] ?? -Infinity)) plan.seenQueued(id);
			else plan.seen(id, t >= T0 + b.endsAt[id]);
		}
	}
	return polls;
}

const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]);
const between = (at: number[], from: number, to: number) => at.filter((t) => t > from && t <= to);
/** how long after its end a job was first seen ended */
const lag = (at: number[], endsAt: number) => at.find((t) => t >= endsAt)! - endsAt;
const alike = (n: number, end: (id: number) => number) =>
	Array.from({ length: n }, (_, id) => end(id));

describe('rule 1: the patrol', () => {
	test('a lone job is polled once a round while young, then every tenth of its age at most', () => {
		const [polls] = run({ endsAt: [120_000] });
		const g = gaps([0, ...polls]);
		expect(g.slice(0, 5).every((x) => x >= ROUND && x < ROUND + 200)).toBe(true);
		expect(g[g.length - 1]).toBeGreaterThan(2 * ROUND);
		polls.forEach(
			(t, i) => i && expect(t - polls[i - 1]).toBeLessThanOrEqual(Math.max(g[0], t / 10)),
		);
	});
});

describe('rule 2: alike jobs share what they learn', () => {
	test('until one ends, the oldest is polled more often than a round, the others less', () => {
		const polls = run({ endsAt: alike(20, (id) => id * 5 + 60_000) });
		const young = 10 * ROUND;
		expect(between(polls[0], 0, young).length).toBeGreaterThan(young / ROUND);
		for (const p of polls.slice(1))
			expect(between(p, 0, young).length).toBeLessThan(young / ROUND / 2);
	});

	test('once ten rounds old, the others are back on the patrol', () => {
		const polls = run({ endsAt: alike(20, (id) => id * 5 + 60_000) });
		const p = polls[10];
		expect(
			gaps(between(p, 12 * ROUND, 20 * ROUND)).every(
				(g) => g <= Math.max(ROUND + 200, p[p.length - 1] / 10),
			),
		).toBe(true);
	});

	test('when the oldest leaves unseen, the next oldest is polled as often in its place', () => {
		const plan = new PollPlan();
		const polls = run({ endsAt: alike(6, () => 60_000), until: 20_000 }, plan);
		plan.remove(0);
		const after = run({ endsAt: [], until: 0 }, plan);
		expect(after).toEqual([]);
		const t = plan.wakeAt();
		expect(plan.due(t).map((d) => d.id)).toEqual([1]);
		expect(t - T0 - polls[1][polls[1].length - 1]).toBeLessThan(ROUND);
	});

	test('when one ends at run age A, each other is polled as its run age reaches A', () => {
		const polls = run({
			endsAt: alike(20, (id) => (id ? 30_000 : 12_000)),
			createdAt: alike(20, (id) => id * 100),
		});
		const seen0 = polls[0][polls[0].length - 1];
		for (let id = 1; id < 20; id++)
			expect(between(polls[id], seen0 + id * 100 - 1, seen0 + id * 100 + ROUND / 4)).not.toEqual(
				[],
			);
	});
});

describe('rule 3: past the end age, a job still running is watched closely', () => {
	test('each is seen within a fiftieth of its age, then the patrol takes over', () => {
		const polls = run({ endsAt: alike(20, (id) => id * 5 + (id ? 32_000 : 30_000)) });
		for (let id = 1; id < 20; id++)
			expect(lag(polls[id], id * 5 + 32_000)).toBeLessThan(32_000 / 50);
	});
});

describe('rule 4: the last few are watched closely', () => {
	test('once jobs have ended, each of the last few is polled at least twice a round', () => {
		const ends = alike(20, (id) =>
			id < 20 - CLOSE_LEFT ? 10_000 : 12_000 + (id % CLOSE_LEFT) * 500,
		);
		const polls = run({ endsAt: ends, cohort: (id) => (id < 20 - CLOSE_LEFT ? 'a' : 'b') });
		const lastEnd = Math.max(...polls.slice(0, 20 - CLOSE_LEFT).map((p) => p[p.length - 1]));
		for (let id = 20 - CLOSE_LEFT; id < 20; id++) {
			const watched = [lastEnd, ...between(polls[id], lastEnd, ends[id])];
			expect(
				Math.max(
					...gaps(watched),
					polls[id].find((t) => t >= ends[id])! - watched[watched.length - 1],
				),
			).toBeLessThanOrEqual(ROUND / 2);
		}
	});

	test('with more than the few left, none is watched closely for it', () => {
		const ends = alike(20, (id) => (id < 19 - CLOSE_LEFT ? 10_000 : 40_000));
		const polls = run({ endsAt: ends, cohort: (id) => (id < 19 - CLOSE_LEFT ? 'a' : 'b') });
		// the first of them is their cohort's scout (rule 2)
		for (let id = 20 - CLOSE_LEFT; id < 20; id++)
			expect(Math.min(...gaps(between(polls[id], 10_000, 40_000)))).toBeGreaterThan(ROUND);
	});

	test('a small batch spends the polls kept for the last few on them', () => {
		const ends = alike(6, (id) => (id < 2 ? 3_000 : 12_000 + id * 300));
		const polls = run({ endsAt: ends, cohort: (id) => (id < 2 ? 'a' : 'b') });
		// the very last has the budget's leftovers and its poll once a round
		for (let id = 2; id < 5; id++) expect(lag(polls[id], ends[id])).toBeLessThanOrEqual(ROUND / 2);
	});
});

describe('rule 5: a job seen queued is timed from that poll', () => {
	test('its close watch comes an end age after the poll that saw it queued', () => {
		const ends = alike(20, (id) => id * 5 + (id < 10 ? 10_000 : 20_000));
		const queuedUntil = alike(20, (id) => (id < 10 ? 0 : 10_000));
		const polls = run({ endsAt: ends, queuedUntil });
		const endAge = polls[0][polls[0].length - 1];
		for (let id = 10; id < 20; id++) {
			const queuedAt = Math.max(...polls[id].filter((t) => t < queuedUntil[id]));
			expect(
				between(polls[id], queuedAt + endAge, queuedAt + endAge * 1.1).length,
			).toBeGreaterThanOrEqual(2);
		}
	});
});

describe('rule 6: the budget', () => {
	test('a batch of short jobs behind a few slots, whose loop round is short, polls no more than the loop', () => {
		for (const seed of [1, 2]) {
			const jobs = serviceBatch({ n: 20, runMs: 2000, spread: 0, capacity: 4, seed });
			expect(watch(jobs, { seed, jitterMs: 200 }).polls).toBeLessThanOrEqual(loop(jobs).polls);
		}
	});

	test('a batch of thousands of alike jobs, whose loop round is long, is seen done sooner than the loop', () => {
		const jobs = serviceBatch({ n: 2000, runMs: 5000, spread: 0, seed: 1, createGapMs: 1.15 });
		const plan = watch(jobs, { seed: 1, jitterMs: 30 });
		const byLoop = loop(jobs);
		expect(plan.lastSeenAt).toBeLessThan(byLoop.lastSeenAt);
		// its margin beyond the loop's polls is a small share
		expect(plan.polls).toBeLessThanOrEqual(byLoop.polls * 1.1);
	});

	test('thousands of jobs ending together are each seen, the plan staying one pass', () => {
		const polls = run({ endsAt: alike(2000, () => 8_000), createdAt: alike(2000, (id) => id) });
		expect(polls.every((p) => p.some((t) => t >= 8_000))).toBe(true);
	});
});
