const { families } = require('./families');
const { loop, loopEnds, LOOP_PHASES, sureTargetMs, within } = require('./loop');
const { serviceBatch } = require('./simulatedService');
const { watch } = require('./simulator');

/**
 * The poll plan over many seeds of every family (families.js), for docs/waiting-figures.md: a
 * measurement on the simulated clock (simulator.ts), not a test; the promises are held by
 * promises.test.ts. `npm run sim:plan` runs it; the environment chooses SEEDS (60), SEED_FROM (1),
 * JITTER_MS (200: how late an answer may come), ONLY and SKIP (regular expressions on family
 * names) and FAMILIES=1 (a line per family). It compares each run with the loop of n8n's nodes at
 * LOOP_PHASES moments over a round (the loop is not in step with the node) and with the loop whose
 * first round comes a round after the last create ("in step"), and prints the figures that tune
 * the plan beyond its promises.
 */
const seeds = Number(process.env.SEEDS ?? 60);
const from = Number(process.env.SEED_FROM ?? 1);
const jitterMs = Number(process.env.JITTER_MS ?? 200);
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const skip = process.env.SKIP ? new RegExp(process.env.SKIP) : undefined;

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** One family over the seeds: its runs' figures. */
function runFamily(f, jitter) {
	const out = [];
	for (let seed = from; seed < from + seeds; seed++) {
		const jobs = serviceBatch(f.setting(seed));
		const plan = watch(jobs, { seed, jitterMs: jitter, cohort: f.cohort });
		const real = loop(jobs);
		const lastEnd = Math.max(...jobs.map((j) => j.endsAt));
		out.push({ jobs, plan, real, lastEnd, phases: loopEnds(jobs) });
	}
	return out;
}

test('the poll plan over many seeds (figures, no assertion)', () => {
	const chosen = families().filter(
		(f) => (!only || only.test(f.name)) && !(skip && skip.test(f.name)),
	);
	const sure = sureTargetMs(jitterMs);
	const t = { runs: 0, phaseRuns: 0, later: 0, inStep: 0, polls: 0, loopPolls: 0, over: 0 };
	const byTarget = [
		{ name: 'under 1.5 s', loop: 0, late: 0 },
		{ name: `1.5 to ${sure / 1000} s`, loop: 0, late: 0 },
		{ name: `${sure / 1000} s or more`, loop: 0, late: 0 },
	];
	let planWithin = 0;
	let loopWithin = 0;
	const lastLag = { plan: [], loop: [] };
	const queue = { lag: [], later: 0, phaseRuns: 0 };
	let worst = { ratio: 0, lag: 0, where: '' };
	const lines = [];
	for (const f of chosen) {
		const own = { later: 0, inStep: 0, polls: 0, loopPolls: 0 };
		const queued = /^q/.test(f.name);
		for (const [k, r] of runFamily(f, jitterMs).entries()) {
			t.runs++;
			own.polls += r.plan.polls / r.jobs.length;
			own.loopPolls += r.real.polls / r.jobs.length;
			if (r.plan.polls > r.real.polls) t.over++;
			if (r.plan.lastSeenAt > r.real.lastSeenAt) own.inStep++;
			lastLag.plan.push(r.plan.lastSeenAt - r.lastEnd);
			lastLag.loop.push(r.real.lastSeenAt - r.lastEnd);
			if (queued) queue.lag.push(r.plan.lastSeenAt - r.lastEnd);
			planWithin += within(r.plan);
			loopWithin += within(r.real);
			r.plan.lagMs.forEach((lag, i) => {
				const target = r.plan.targetMs[i];
				if (r.real.lagMs[i] <= target) {
					const b = byTarget[target < 1500 ? 0 : target < sure ? 1 : 2];
					b.loop++;
					if (lag > target) b.late++;
				}
				if (lag / target > worst.ratio)
					worst = { ratio: lag / target, lag, where: `${f.name}, seed ${from + k}, job ${i}` };
			});
			for (const seen of r.phases) {
				t.phaseRuns++;
				if (r.plan.lastSeenAt > seen) own.later++;
				if (queued) {
					queue.phaseRuns++;
					if (r.plan.lastSeenAt > seen) queue.later++;
				}
			}
		}
		t.later += own.later;
		t.inStep += own.inStep;
		t.polls += own.polls;
		t.loopPolls += own.loopPolls;
		lines.push(
			`${f.name}: later than the loop in ${own.later} of ${seeds * LOOP_PHASES} (in step: ${own.inStep} of ${seeds});` +
				` polls per job ${(own.polls / seeds).toFixed(2)} (the loop: ${(own.loopPolls / seeds).toFixed(2)})`,
		);
	}
	// answers a few milliseconds late, as the fake service gives them, on a service that queues jobs of 5 s
	const quick = chosen.filter((f) => /^q\d 5s/.test(f.name)).flatMap((f) => runFamily(f, 10));
	const quickLag = mean(quick.map((r) => r.plan.lastSeenAt - r.lastEnd));
	const alike = chosen
		.filter((f) => f.name === 'noq 5s ±10')
		.flatMap((f) => runFamily(f, jitterMs));
	const alikeLater = alike.filter((r) => r.plan.lastSeenAt > r.real.lastSeenAt).length;
	const report = [
		`seeds ${from} to ${from + seeds - 1}, answers up to ${jitterMs} ms late: ${t.runs} runs`,
		`ended later than the loop: ${t.later} of ${t.phaseRuns}; than the loop in step: ${t.inStep} of ${t.runs}`,
		`jobs within target: ${planWithin} (the loop: ${loopWithin})`,
		`  of the loop's, late by target: ${byTarget.map((b) => `${b.name} ${b.late} of ${b.loop}`).join('; ')}`,
		`last job seen after its end: ${mean(lastLag.plan).toFixed(0)} ms on average (the loop: ${mean(lastLag.loop).toFixed(0)} ms)`,
		`polls per job: ${(t.polls / t.runs).toFixed(2)} (the loop: ${(t.loopPolls / t.runs).toFixed(2)}); runs with more than the loop: ${t.over}`,
		`queueing, every setting: last job seen ${mean(queue.lag).toFixed(0)} ms after its end on average; later than the loop in ${((100 * queue.later) / queue.phaseRuns).toFixed(1)} % of the moments`,
		`queueing, jobs of 5 s, answers 10 ms late: last job seen ${quickLag.toFixed(0)} ms after its end on average`,
		`no queue, 5 s ±10 %: later than the loop in step in ${alikeLater} of ${alike.length} seeds`,
		`worst lag: ${worst.ratio.toFixed(2)} × its target (${Math.round(worst.lag)} ms, ${worst.where})`,
	];
	console.log([...(process.env.FAMILIES ? lines : []), ...report].join('\n'));
});
