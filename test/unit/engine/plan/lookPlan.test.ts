/** The look plan of a batch, run against a simulated clock (pure logic, no HTTP). */
import { LookPlan, TOLERANCE_MS } from '../../../../nodes/MediaGeneration/engine/plan/lookPlan';
import { loop } from './simulator';
import {
	FOLLOWER_MIN_GAP_MS,
	GAP_FRACTION,
	LOOP_GAP_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

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

describe('a batch of like jobs (one cohort)', () => {
	// 20 image jobs created over 95 ms, each 10 s: the case a hand-built loop looks every 2 s
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
	// each may end at any time: looked at every 2.2 s while young (no more often than a loop of 2 s),
	// then every tenth of its age; the last ones closely
	test.each(jobs.map((j, i) => [i, j.ms]))(
		'job %i (%i ms) is seen ended within max(2.2 s, 10 %)',
		(i, ms) => {
			expect(r.lag[i]).toBeLessThanOrEqual(Math.max(LOOP_GAP_MS, 0.1 * ms));
		},
	);
	test('no more looks than a loop of 2 s', () => {
		const loop = sum(jobs.map((j) => Math.ceil(j.ms / 2000)));
		expect(sum(r.counts)).toBeLessThanOrEqual(loop);
	});
	test('the last job is seen within 1 s of its end', () => {
		expect(r.lag[jobs.length - 1]).toBeLessThanOrEqual(1000);
	});
	// One end may fall just after a look or just before one: with the last job's end moved a second
	// either way in steps of 0.1 s, it is seen no later on average than by the loop as it runs in
	// n8n, in step with the node (simulator.ts). A pace of 2.1 s instead of LOOP_GAP_MS's 2.2 s left
	// the close watch without room here: 1.08 s on average against the loop's 0.99 s (schedule.ts).
	test('wherever the last job ends, it is seen no later than by the loop on average', () => {
		const shifts = Array.from({ length: 21 }, (_, k) => -1000 + k * 100);
		const shifted = shifts.map((shift) =>
			jobs.map((j, i) => (i === jobs.length - 1 ? { ...j, ms: j.ms + shift } : j)),
		);
		const plan = shifted.map((js) => simulate(js).lag[js.length - 1]);
		const real = shifted.map(
			(js) =>
				loop(
					js.map((j) => ({
						...j,
						runMs: j.ms,
						startsAt: j.createdAt,
						endsAt: j.createdAt + j.ms,
					})),
				).lagMs[js.length - 1],
		);
		expect(sum(plan) / plan.length).toBeLessThanOrEqual(sum(real) / real.length);
	});
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
	test("each job is seen within the followers' safety net, max(5 s, 10 %)", () => {
		jobs.forEach((j, i) =>
			expect(r.lag[i]).toBeLessThanOrEqual(
				Math.max(FOLLOWER_MIN_GAP_MS, GAP_FRACTION * j.ms) + 100,
			),
		);
	});
	test('a finish makes the oldest of the others be looked at at once (the probe)', () => {
		// the shortest job finishes first; the oldest job still watched is looked at at that moment
		const first = lengths.indexOf(Math.min(...lengths));
		const seenAt = jobs[first].createdAt + jobs[first].ms + r.lag[first];
		const oldest = first === 0 ? 1 : 0;
		const next = r.looks[oldest].find((t: number) => t >= seenAt);
		expect(next).toBeLessThanOrEqual(seenAt + TOLERANCE_MS);
	});
	test('once they turn out not to end together, within max(2.2 s, 10 %) of their end', () => {
		const firstEnd = Math.min(...lengths);
		jobs.forEach((j, i) => {
			if (j.ms > firstEnd + LOOP_GAP_MS)
				expect(r.lag[i]).toBeLessThanOrEqual(Math.max(LOOP_GAP_MS, 0.1 * j.ms));
		});
	});
});

describe('like jobs, one of which ends early (the probe found running)', () => {
	// job 9 ends at 5.2 s, the others from 12 s on: when its end is seen, the oldest is looked at
	// and found running, and the others, looked at a moment before by the safety net, are left to
	// their own pace, a look each spared
	const jobs = Array.from({ length: 20 }, (_, i) => ({
		cohort: 'same',
		createdAt: i * 5,
		ms: i === 9 ? 5200 : 12_000 + i * 100,
	}));
	const r = simulate(jobs);
	const seenAt = jobs[9].createdAt + jobs[9].ms + r.lag[9];
	const lookedThen = (i: number) =>
		r.looks[i].some((t: number) => t > seenAt - TOLERANCE_MS && t <= seenAt + TOLERANCE_MS);
	test('the oldest is looked at when the end is seen', () => {
		expect(lookedThen(0)).toBe(true);
	});
	test('the others looked at in the half second before are not looked at again then', () => {
		const recent = jobs
			.map((_, i) => i)
			.filter((i) => i !== 0 && i !== 9)
			.filter((i) => r.looks[i].some((t: number) => t > seenAt - 500 && t < seenAt - TOLERANCE_MS));
		expect(recent.length).toBeGreaterThan(5);
		for (const i of recent) expect(lookedThen(i)).toBe(false);
	});
	test('every job is still seen within max(2.2 s, 10 %) of its end', () => {
		jobs.forEach((j, i) => expect(r.lag[i]).toBeLessThanOrEqual(Math.max(LOOP_GAP_MS, 0.1 * j.ms)));
	});
});

describe('like jobs, most of which end together (the probe found ended)', () => {
	// the last five run on long after the others: the first end seen, and then the oldest found
	// ended too, every job is looked at at once, and those that ended with them are seen then
	const jobs = Array.from({ length: 20 }, (_, i) => ({
		cohort: 'same',
		createdAt: i * 5,
		ms: i < 15 ? 9000 : 40_000,
	}));
	const r = simulate(jobs);
	test('the jobs that ended together are seen within TOLERANCE_MS of the first seen end', () => {
		const seen = jobs.map((j, i) => j.createdAt + j.ms + r.lag[i]);
		const firstSeen = Math.min(...seen);
		for (let i = 0; i < 15; i++) expect(seen[i]).toBeLessThanOrEqual(firstSeen + 2 * TOLERANCE_MS);
	});
	test('the others are seen within their safety net', () => {
		for (let i = 15; i < 20; i++) expect(r.lag[i]).toBeLessThanOrEqual(FOLLOWER_MIN_GAP_MS);
	});
});

describe('a batch of one job', () => {
	// nothing to learn from siblings: the full schedule, seen within max(1 s, 10 %)
	test.each([5000, 10_000, 60_000, 600_000])('of %i ms', (ms) => {
		const r = simulate([{ cohort: 'x', createdAt: 0, ms }]);
		expect(r.lag[0]).toBeLessThanOrEqual(Math.max(1000, 0.1 * ms));
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

describe('jobs created as slots free (podcasts: 5 at once)', () => {
	/**
	 * 12 podcasts through 5 slots, the first five of 5 s, the later ones of `laterMs`. Each later
	 * podcast is created as soon as one is seen ended; with `waves` (the bench's b), only once
	 * every answer of that turn is in, so that the five of a wave that end together leave the
	 * cohort with no job in between.
	 */
	function slotted({ waves = false, laterMs = 5000 } = {}) {
		const n = 12;
		const plan = new LookPlan();
		const ends: number[] = [];
		const looks: number[][] = [];
		const lags: number[] = [];
		let created = 0;
		const create = (at: number) => {
			const id = created++;
			ends[id] = at + (id < 5 ? 5000 : laterMs);
			looks[id] = [];
			plan.add(id, 'podcast', at);
		};
		for (let i = 0; i < 5; i++) create(i * 5);
		let now = 0;
		while (plan.size) {
			now = Math.max(now, plan.wakeAt());
			let freed = 0;
			for (const { id } of plan.due(now)) {
				looks[id].push(now);
				const ended = now >= ends[id];
				plan.seen(id, now + 30, ended);
				if (!ended) continue;
				lags[id] = now - ends[id];
				if (waves) freed++;
				else if (created < n) create(now + 40);
			}
			for (let k = 0; k < freed && created < n; k++) create(now + 40 + k);
		}
		const perJob = looks.reduce((s, l) => s + l.length, 0) / n;
		return { looks, lags, perJob };
	}

	test('no more looks than the hand-built loop of fives (3 per job)', () => {
		expect(slotted().perJob).toBeLessThanOrEqual(3);
	});

	// before the cohort kept its lessons between waves: 3.0 looks per job, the last two podcasts
	// looked at every 0.9 s (5 looks each), two of the second wave seen 1.58 s after their ends
	test('a wave created after the last one ended is looked at when it has run as long', () => {
		const { looks, lags } = slotted({ waves: true });
		const later = looks.slice(5).reduce((s, l) => s + l.length, 0);
		expect(later / 7).toBeLessThanOrEqual(1.5);
		for (const lag of lags) expect(lag).toBeLessThan(1000);
	});

	test('a later wave that runs longer than the first is still seen within its target', () => {
		const { lags } = slotted({ waves: true, laterMs: 8000 });
		for (const lag of lags) expect(lag).toBeLessThan(1000);
	});

	// the trade of the look above (docs/waiting.md, later waves): a wave that runs shorter than the
	// first is seen when it has run as long, one look each, as late as the difference in run times
	test('a later wave that runs shorter than the first costs one look each, seen that much late', () => {
		const { looks, lags } = slotted({ waves: true, laterMs: 3000 });
		for (const l of looks.slice(5)) expect(l).toHaveLength(1);
		for (const lag of lags.slice(5)) expect(lag).toBeLessThanOrEqual(2000 + 100);
	});
});
