/** The look plan of a batch, run against a simulated clock (pure logic, no HTTP). */
import {
	LookPlan,
	FOLLOWER_MIN_GAP_MS,
	FOLLOWER_GAP_FRACTION,
} from '../../../../nodes/MediaGeneration/engine/plan/lookPlan';

/**
 * Runs a plan over jobs {cohort, createdAt, ms, capMs?, deadline?} where every look is answered at
 * once: returns the looks each job got and how late each was seen finished.
 */
type SimJob = { cohort: string; createdAt: number; ms: number; capMs?: number; deadline?: number };

function simulate(jobs: SimJob[]) {
	const plan = new LookPlan();
	jobs.forEach((j, id) =>
		plan.add(id, j.cohort, j.createdAt, { capMs: j.capMs, deadline: j.deadline }),
	);
	const looks: number[][] = jobs.map(() => []);
	const lag: number[] = [];
	let now = 0;
	for (let round = 0; plan.size && round < 100_000; round++) {
		now = Math.max(now, plan.wakeAt());
		for (const { id } of plan.due(now)) {
			looks[id].push(now);
			const done = now >= jobs[id].createdAt + jobs[id].ms;
			if (done) lag[id] = now - (jobs[id].createdAt + jobs[id].ms);
			plan.seen(id, now, done);
		}
	}
	expect(plan.size).toBe(0);
	return { looks, lag, counts: looks.map((l) => l.length) };
}
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
const allowed = (ms: number) => Math.max(1000, 0.1 * ms);

describe('a batch of like jobs (one cohort)', () => {
	// 20 image jobs created over 95 ms, each 10 s: the case a hand-built loop polls every 2 s
	const jobs = Array.from({ length: 20 }, (_, i) => ({
		cohort: 'same',
		createdAt: i * 5,
		ms: 10_000,
	}));
	const r = simulate(jobs);

	test('every job is seen finished within 1 s', () => {
		for (const l of r.lag) expect(l).toBeLessThanOrEqual(1000);
	});

	test('fewer looks than one per job per 2 s (a hand-built loop: 5 per job)', () => {
		expect(sum(r.counts) / jobs.length).toBeLessThan(4);
	});
});

describe('jobs with different settings (different cohorts), 5 s to 60 s', () => {
	const jobs = Array.from({ length: 20 }, (_, i) => ({
		cohort: `shape-${i}`,
		createdAt: i * 5,
		ms: 5000 + Math.round((55_000 * i) / 19),
	}));
	const r = simulate(jobs);
	test.each(jobs.map((j, i) => [i, j.ms]))(
		'job %i (%i ms) is seen finished within max(1 s, 10 %)',
		(i, ms) => {
			expect(r.lag[i]).toBeLessThanOrEqual(allowed(ms));
		},
	);
});

describe('like settings, unlike lengths (the safety net)', () => {
	// a seeded shuffle of 5..60 s over jobs that look alike
	let seed = 7;
	const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
	const lengths = Array.from({ length: 20 }, (_, i) => 5000 + Math.round((55_000 * i) / 19)).sort(
		() => rand() - 0.5,
	);
	const jobs = lengths.map((ms, i) => ({ cohort: 'same', createdAt: i * 5, ms }));
	const r = simulate(jobs);
	test("each job is still seen within the followers' gap: max(5 s, 30 %)", () => {
		jobs.forEach((j, i) =>
			expect(r.lag[i]).toBeLessThanOrEqual(
				Math.max(FOLLOWER_MIN_GAP_MS, FOLLOWER_GAP_FRACTION * j.ms) + 100,
			),
		);
	});
	test('a finish makes its elders be looked at at once', () => {
		// the shortest job finishes first; every job created before it is looked at at that moment
		const first = lengths.indexOf(Math.min(...lengths));
		const seenAt = jobs[first].createdAt + jobs[first].ms + r.lag[first];
		for (let i = 0; i < first; i++) expect(r.looks[i]).toContain(seenAt);
	});
});

describe('limits the user set', () => {
	test('no gap between looks at a job exceeds its Poll Interval', () => {
		const jobs = Array.from({ length: 6 }, (_, i) => ({
			cohort: 'same',
			createdAt: 0,
			ms: 90_000 + i,
			capMs: 3000,
		}));
		const r = simulate(jobs);
		for (const l of r.looks) {
			const gaps = l.map((t: number, k: number) => t - (k ? l[k - 1] : 0));
			expect(Math.max(...gaps)).toBeLessThanOrEqual(3000 + 60);
		}
	});

	test('a job is looked at when its Maximum Wait runs out', () => {
		const r = simulate([{ cohort: 'x', createdAt: 0, ms: 2000, deadline: 1234 }]);
		expect(r.looks[0]).toContain(1234);
	});
});
