import { families } from './families';
import { lagBoundMs, loop } from './loop';
import { serviceBatch } from './simulatedService';
import { watch } from './simulator';
import type { Family } from './families';
import { sweep } from './sweep';

/**
 * What the poll plan promises a user, on the simulated clock (simulator.ts), over seeds of every
 * family (families.js), answers up to 200 ms late:
 * - every job whose target, max(1 s, 10 % of its time from creation), is at least a round of the
 *   loop is seen within it; every other job within a round of the loop and an answer's delay;
 * - a batch makes no more polls than the loop through a 2 s Wait over the same jobs;
 * - no gap between two polls of a job exceeds Poll Interval when it is set.
 * Figures that tune the plan beyond these are printed by `npm run sim:plan`, not held here.
 * Each test runs its own simulations, so that a mutation test knows which tests read which code.
 */
const JITTER_MS = 200;
const SEEDS = Array.from({ length: sweep.seeds }, (_, i) => i + 1);
const FAMILIES = families().filter((_, i) => i % sweep.everyNth === 0);

type Miss = { where: string; lagMs: number; boundMs: number };

// a run stops once the plan has made more polls than the loop: a plan that polls too often fails
// at once, not at its end
const runsOf = (f: Family) =>
	SEEDS.map((seed) => {
		const jobs = serviceBatch(f.setting(seed));
		const loopPolls = loop(jobs).polls;
		const plan = watch(jobs, { seed, jitterMs: JITTER_MS, cohort: f.cohort, maxPolls: loopPolls });
		return { seed, loopPolls, plan };
	});

describe.each(FAMILIES.map((f) => [f.name, f] as const))('%s', (_, f) => {
	test('every job is seen within its target, or within a round and an answer late', () => {
		const misses: Miss[] = [];
		for (const { seed, plan } of runsOf(f))
			plan.lagMs.forEach((lagMs, i) => {
				const boundMs = lagBoundMs(plan.targetMs[i], JITTER_MS, 20, plan.firstOfKind[i]);
				if (lagMs > boundMs) misses.push({ where: `seed ${seed}, job ${i}`, lagMs, boundMs });
			});
		expect(misses).toEqual([]);
	});

	test('no batch makes more polls than the loop', () => {
		const over = runsOf(f)
			.map(({ seed, loopPolls, plan }) => ({ seed, plan: plan.polls, loop: loopPolls }))
			.filter((r) => r.plan > r.loop);
		expect(over).toEqual([]);
	});
});

describe.each([1000, 3000, 10_000])('Poll Interval of %i ms', (capMs) => {
	test('no gap between two polls of a job is longer', () => {
		const gaps: number[] = [];
		for (const f of FAMILIES.filter((x) => /^(q2|noq|B-)/.test(x.name)))
			for (const seed of SEEDS.slice(0, 5)) {
				const jobs = serviceBatch(f.setting(seed));
				const plan = watch(jobs, { seed, jitterMs: JITTER_MS, capMs, cohort: f.cohort });
				gaps.push(...plan.maxGapMs);
			}
		// the simulated clock adds times in floating point
		expect(Math.max(...gaps)).toBeLessThanOrEqual(capMs + 1e-6);
	});
});
