/**
 * Each rule of the poll plan (pollPlan.ts), pinned by what it does to a batch: which job is polled
 * when. Answers come at once. Batches start at T0, not at 0, so that a time and an age differ.
 */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import {
	CLOSE_LEFT,
	PATROL_MARGIN_MS,
	TOLERANCE_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { alike, between, gaps, lag, ROUND, run, T0 } from './batchRun';

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

	test.each([
		['a tolerance before the end age is not learnt', TOLERANCE_MS, false],
		['more than a tolerance before it is the new end age', TOLERANCE_MS + 1, true],
	])('an end seen %s', (_, by, learnt) => {
		// job 0 alone is first polled at `endAge`, and found ended then
		const probe = new PollPlan();
		probe.add(0, 'alike', T0);
		const endAge = probe.wakeAt() - T0;
		const plan = new PollPlan();
		plan.add(0, 'alike', T0);
		// the others come a second later; job 1 is polled at its Poll Interval, `by` before the end age
		const later = T0 + 1000;
		plan.add(1, 'alike', later, { capMs: endAge - by });
		for (let id = 2; id < 8; id++) plan.add(id, 'alike', later);
		expect(plan.due(T0 + endAge)).toEqual([{ id: 0, routine: true }]);
		plan.seen(0, true);
		expect(plan.due(plan.wakeAt())).toEqual([{ id: 1, routine: false }]);
		plan.seen(1, true);
		// the others await the end age a tolerance late, never early
		const next = later + (learnt ? endAge - by : endAge) + TOLERANCE_MS;
		expect(plan.wakeAt()).toBe(next);
		expect(plan.due(next).length).toBe(6);
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
	test.each([
		[
			'of a kind of their own',
			10_000,
			0,
			12_000,
			(id: number) => (id < 20 - CLOSE_LEFT ? 'a' : 'b'),
		],
		// the others' close watch (rule 3) would spend the budget but for the polls kept for the few
		['alike the others', 5_000, 60, 8_000, () => 'alike'],
	])(
		'once jobs have ended, each of the last few is polled at least twice a round: %s',
		(_, othersEnd, apart, fewEnd, cohort) => {
			const ends = alike(20, (id) =>
				id < 20 - CLOSE_LEFT ? othersEnd + id * apart : fewEnd + (id % CLOSE_LEFT) * 500,
			);
			const polls = run({ endsAt: ends, cohort });
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
		},
	);

	test.each([
		[16_000, 16_500],
		[22_000, 24_000],
		[30_000, 30_200],
	])(
		'two alike jobs ending at %i and %i ms: the scout left the polls kept for the last',
		(first, last) => {
			const polls = run({ endsAt: [first, last] });
			expect(lag(polls[1], last)).toBeLessThanOrEqual(ROUND / 2);
		},
	);

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

	test('a job added once others have ended: the one that was last goes back from once a round to its net', () => {
		// job 0 ends alone; job 1, alike, comes later and is the last left; then job 2 comes
		const polls = run({ endsAt: [20_000, 90_000, 90_000], createdAt: [0, 30_000, 31_000] });
		const before = Math.max(...polls[1].filter((t) => t <= 31_000));
		const after = Math.min(...polls[1].filter((t) => t > 31_000));
		expect(after - before).toBeGreaterThan(ROUND + PATROL_MARGIN_MS);
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
