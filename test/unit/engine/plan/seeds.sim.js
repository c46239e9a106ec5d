const {
	loop,
	loopEnds,
	loopModelOf,
	LOOP_PHASES,
	serviceBatch,
	watch,
	within,
} = require('./simulator');
const { lagBound, sureTargetMs } = require('./simulator');
const { spreadCase, shuffled } = require('../../../../bench/cases');
const { ServiceState } = require('../../../fake-service/state');

/**
 * The look plan over many seeds, for the figures in docs/waiting-figures.md: not a test (nothing
 * is asserted), a measurement on the simulated clock (simulator.ts). `npm run sim:plan` runs it;
 * the environment chooses what:
 * - SEEDS (60) and SEED_FROM (1): the seeds of each family;
 * - JITTER_MS (200): how late an answer may come, at random (10: as the fake service answers);
 * - ONLY, SKIP: a regular expression on the family names (`ONLY=short`: the jobs of 1 to 3 s,
 *   `ONLY='short noq'` those of them with no queueing; `SKIP=short`: the settings of 5 s to 10 min);
 * - LOOP_MODEL (traced, as every figure of the docs since the loop's rounds were measured): how
 *   the loop's rounds are timed, `bench`, `traced` or `quick` (simulator.ts: `LoopModel`; traced and
 *   quick are as n8n 2.40 ran the bench's hand-built loop on two mornings);
 * - FAMILIES=1: a line per family as well.
 *
 * For every run it compares the plan with the loops users build from n8n's nodes, at eight
 * moments one round apart that the loop's first round may fall at, and prints the totals: runs
 * the plan ended later than the loop, jobs the loop saw within target and the plan did not (also by
 * target: under 1.5 s, then up to `sureTargetMs`, then from it on, where the loop meets every target
 * however its rounds fall; docs/waiting-figures.md, "What no look plan can promise"), looks per
 * job, batches with more looks than the loop, jobs outside the bounds `queueing.test.ts` holds, the
 * runs whose every job the loop saw within target and how many of them the plan did not, and the
 * worst lag. A hand-built loop is in step with the node in one way: its first Wait starts
 * once its creates are answered, as the bench's does. So runs the plan ended later than that loop
 * (the one whose first round comes a round after the last create) are counted apart ("in step"),
 * and the figures of jobs and looks are against it.
 */
const S = 1000;
const seeds = Number(process.env.SEEDS ?? 60);
const from = Number(process.env.SEED_FROM ?? 1);
const jitterMs = Number(process.env.JITTER_MS ?? 200);
const loopModel = loopModelOf(process.env.LOOP_MODEL ?? 'traced');
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const skip = process.env.SKIP ? new RegExp(process.env.SKIP) : undefined;

/** @typedef {{ name: string, setting: (seed: number) => import('./simulator').BatchSetting }} Family */

/** @returns {Family[]} */
function families() {
	const out = [];
	for (const capacity of [1, 2, 3, 4, 5])
		for (const spread of [0, 0.1, 0.3, 0.5])
			for (const runMs of [5 * S, 8 * S, 10 * S, 30 * S, 120 * S, 600 * S])
				out.push({
					name: `q${capacity} ${runMs / S}s ±${spread * 100}`,
					setting: (seed) => ({ n: runMs >= 120 * S ? 10 : 20, runMs, spread, capacity, seed }),
				});
	for (const spread of [0.1, 0.3, 0.5])
		for (const runMs of [5 * S, 8 * S, 10 * S, 30 * S])
			out.push({
				name: `noq ${runMs / S}s ±${spread * 100}`,
				setting: (seed) => ({ n: 20, runMs, spread, seed }),
			});
	for (const capacity of [1, 2, 3, 4])
		for (const spread of [0, 0.3])
			for (const runMs of [1 * S, 2 * S, 3 * S])
				for (const n of [6, 20])
					out.push({
						name: `short q${capacity} ${runMs / S}s ±${spread * 100} n${n}`,
						setting: (seed) => ({ n, runMs, spread, capacity, seed }),
					});
	// jobs of 1 to 3 s on a service that does not queue: a batch done within the loop's first
	// rounds, where the loop needs one or two looks per job (the bench smoke's e2, and c)
	for (const spread of [0.1, 0.3, 0.5])
		for (const runMs of [1 * S, 2 * S, 3 * S])
			for (const n of [6, 20])
				out.push({
					name: `short noq ${runMs / S}s ±${spread * 100} n${n}`,
					setting: (seed) => ({ n, runMs, spread, seed }),
				});
	// like the bench's cases a (alike jobs), e (5 to 60 s, each alone in its cohort), e2 (e's run
	// times given to alike jobs, one cohort, in an order each seed shuffles), e3 (alike jobs of
	// 10 s ±50 %, the run times the fake service draws for it) and g3
	const eRuns = spreadCase(5 * S, 60 * S).durations;
	const drawn = new ServiceState({ spread: 0.5, seed: 24 });
	const e3Runs = Array.from({ length: 20 }, () => drawn.runTime(10 * S));
	const byLength = Array.from({ length: 20 }, (_, i) => 5 * S + (55 * S * i) / 19);
	out.push({ name: 'B-a', setting: (seed) => ({ n: 20, runMs: 10 * S, spread: 0.02, seed }) });
	out.push({
		name: 'B-e',
		setting: (seed) => ({
			n: 20,
			runs: byLength,
			seed,
			cohort: (/** @type {number} */ i) => `c${i % 4}`,
		}),
	});
	out.push({
		name: 'B-e2',
		setting: (seed) => ({ n: 20, runs: shuffled(eRuns, seed), seed }),
	});
	out.push({ name: 'B-e3', setting: (seed) => ({ n: 20, runs: e3Runs, seed }) });
	out.push({
		name: 'B-g',
		setting: (seed) => ({ n: 20, runMs: 8 * S, spread: 0.4, capacity: 3, seed }),
	});
	return out.filter((f) => (!only || only.test(f.name)) && !(skip && skip.test(f.name)));
}

/**
 * Outside the bounds queueing.test.ts holds with answers up to 200 ms late (simulator.ts:
 * `lagBound`, and a job whose target is at least `sureTargetMs` within that target).
 * @param {Family} f
 * @param {number} lag
 * @param {number} target
 * @param {boolean} queued
 */
function outOfBounds(f, lag, target, queued) {
	const short = f.name.startsWith('short');
	if (lag > lagBound(target, queued, short, 200)) return true;
	return !short && target >= sureTargetMs(200) && lag > target;
}

test('the look plan over many seeds (figures, no assertion)', () => {
	const t = {
		runs: 0,
		phaseRuns: 0,
		later: 0,
		inStep: 0,
		missed: 0,
		looks: 0,
		over: 0,
		outside: 0,
		// runs whose every job the loop in step saw within target, those the plan did not, how many
		// of those it missed by 200 ms at most, and the most it missed one by
		loopAll: 0,
		planNot: 0,
		pastNear: 0,
		pastMostMs: 0,
	};
	// the loop's jobs within target, and of them the plan's late, by target: under 1.5 s, 1.5 s to
	// the sure target, and from the sure target on, which the loop meets however its rounds fall
	const sure = sureTargetMs(jitterMs);
	const byTarget = [
		{ name: 'under 1.5 s', loop: 0, late: 0 },
		{ name: `1.5 to ${sure / 1000} s`, loop: 0, late: 0 },
		{ name: `${sure / 1000} s or more`, loop: 0, late: 0 },
	];
	let planWithin = 0;
	let loopWithin = 0;
	let planLag = 0;
	let loopLag = 0;
	let worst = { ratio: 0, lag: 0, where: '' };
	const lines = [];
	for (const f of families()) {
		// this family's own figures, for its line
		const own = { ratio: 0, later: 0, inStep: 0, over: 0, missed: 0, looks: 0, loopLooks: 0 };
		for (let seed = from; seed < from + seeds; seed++) {
			const jobs = serviceBatch(f.setting(seed));
			const plan = watch(jobs, { seed, jitterMs });
			const real = loop(jobs, 0, loopModel);
			const lastEnd = Math.max(...jobs.map((j) => j.endsAt));
			t.runs++;
			t.looks += plan.looksPerJob;
			own.looks += plan.looksPerJob;
			own.loopLooks += real.looksPerJob;
			if (plan.looksPerJob > real.looksPerJob) own.over++;
			if (plan.lastSeenAt > real.lastSeenAt) own.inStep++;
			planLag += plan.lastSeenAt - lastEnd;
			loopLag += real.lastSeenAt - lastEnd;
			const planIn = within(plan);
			const loopIn = within(real);
			planWithin += planIn;
			loopWithin += loopIn;
			plan.lagMs.forEach((lag, i) => {
				const target = plan.targetMs[i];
				if (real.lagMs[i] <= real.targetMs[i]) {
					const bucket = byTarget[target < 1500 ? 0 : target < sure ? 1 : 2];
					bucket.loop++;
					if (lag > target) {
						bucket.late++;
						own.missed++;
					}
				}
				if (outOfBounds(f, lag, target, plan.queued[i])) t.outside++;
				if (lag / target > worst.ratio)
					worst = { ratio: lag / target, lag, where: `${f.name}, seed ${seed}, job ${i}` };
			});
			if (loopIn === jobs.length) {
				t.loopAll++;
				if (planIn < jobs.length) {
					const past = Math.max(...plan.lagMs.map((lag, i) => lag - plan.targetMs[i]));
					t.planNot++;
					if (past <= 200) t.pastNear++;
					t.pastMostMs = Math.max(t.pastMostMs, past);
				}
			}
			for (const seen of loopEnds(jobs, loopModel)) {
				t.phaseRuns++;
				own.ratio += plan.lastSeenAt / seen;
				if (plan.lastSeenAt > seen) own.later++;
			}
		}
		t.later += own.later;
		t.inStep += own.inStep;
		t.over += own.over;
		t.missed += own.missed;
		lines.push(
			`${f.name}: ${(own.ratio / (seeds * LOOP_PHASES)).toFixed(3)} × the loop, later in ${own.later} of ${seeds * LOOP_PHASES}` +
				` (in step: ${own.inStep} of ${seeds}); looks per job ${(own.looks / seeds).toFixed(2)} (the loop: ${(own.loopLooks / seeds).toFixed(2)}),` +
				` more than the loop in ${own.over}; of the loop's jobs within target, late: ${own.missed}`,
		);
	}
	const report = [
		`seeds ${from} to ${from + seeds - 1}, answers up to ${jitterMs} ms late, the loop timed as ${loopModel}: ${t.runs} runs`,
		`ended later than the loop: ${t.later} of ${t.phaseRuns}; than the loop in step with the node: ${t.inStep} of ${t.runs}`,
		`jobs within target: ${planWithin} (the loop: ${loopWithin}); of the loop's, late: ${t.missed}`,
		`  by target: ${byTarget.map((b) => `${b.name} ${b.late} of ${b.loop}`).join('; ')}`,
		`last job seen after its end: ${(planLag / t.runs).toFixed(0)} ms on average (the loop: ${(loopLag / t.runs).toFixed(0)} ms)`,
		`looks per job: ${(t.looks / t.runs).toFixed(2)}; runs with more looks than the loop: ${t.over}`,
		`jobs outside the bounds of queueing.test.ts: ${t.outside}`,
		`runs whose every job the in-step loop saw within target: ${t.loopAll}; of them, the plan missed one or more in ${t.planNot}` +
			` (past the target by up to 200 ms in ${t.pastNear}, at most ${Math.round(t.pastMostMs)} ms)`,
		`worst lag: ${worst.ratio.toFixed(2)} × its target (${Math.round(worst.lag)} ms, ${worst.where})`,
	];
	console.log([...(process.env.FAMILIES ? lines : []), ...report].join('\n'));
});
