const { shuffled } = require('../../../../harness/image-batches');
const { e3Runs, eRuns } = require('./families');
const { loop } = require('./loop');
const { QUEUED_MS, serviceBatch } = require('./simulatedService');
const { watch } = require('./simulator');

/**
 * The bench's cases on the simulated clock, for docs/waiting-figures.md: when the plan sees each
 * batch done and how many polls it makes per job, against the loop (loop.ts), over SEEDS seeds
 * (20), answers up to 30 ms late as the fake service gives them. A measurement, not a test; the
 * promises are held by promises.test.ts. `npm run sim:plan` runs it; ONLY picks cases by name.
 */
const S = 1000;
const SEEDS = Number(process.env.SEEDS ?? 20);
const FAM = [
	{ name: 'a', setting: (seed) => ({ n: 20, runMs: 10 * S, spread: 0.02, seed }) },
	{ name: 'e', setting: (seed) => ({ n: 20, runs: eRuns, seed }), cohort: (i) => `c${i}` },
	{ name: 'e2', setting: (seed) => ({ n: 20, runs: shuffled(eRuns, 14), seed }) },
	{ name: 'e3', setting: (seed) => ({ n: 20, runs: e3Runs, seed }) },
	{
		name: 'f',
		setting: (seed) => ({ n: 200, runMs: 20 * S, spread: 0, seed, createGapMs: 4 }),
		lateMs: 150,
	},
	{
		name: 'f2',
		setting: (seed) => ({ n: 2000, runMs: 5 * S, spread: 0, seed, createGapMs: 1.15 }),
	},
	{ name: 'g', setting: (seed) => ({ n: 20, runMs: 10 * S, spread: 0.3, capacity: 4, seed }) },
	{ name: 'g2', setting: (seed) => ({ n: 20, runMs: 5 * S, spread: 0.3, capacity: 2, seed }) },
	{ name: 'g3', setting: (seed) => ({ n: 20, runMs: 8 * S, spread: 0.4, capacity: 3, seed }) },
];
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : /./;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** b: podcasts in audio slots, the next created when a poll sees one ended */
function slots(seed, { n = 12, runMs = 5 * S, slotCount = 5 } = {}) {
	const podcast = (at) => ({ createdAt: at, runMs, startsAt: at + QUEUED_MS, endsAt: at + runMs });
	const jobs = Array.from({ length: Math.min(slotCount, n) }, (_, i) => podcast(i * 5));
	const onEnded = (at) => (jobs.length < n ? podcast(at) : undefined);
	const f = watch(jobs, { seed, jitterMs: 30, cohort: () => 'pod', onEnded });
	return { end: f.lastSeenAt, polls: f.polls / n };
}

test("the bench's cases (figures, no assertion)", () => {
	const lines = ['case   plan end  loop end  plan÷loop  plan polls  loop polls  over the loop'];
	// b's podcasts go through audio slots, which the loop model does not have: no loop figures
	const cell = (x, width, digits = 2) =>
		(x === undefined ? '–' : x.toFixed(digits)).padStart(width);
	const row = (name, plan, real, over) =>
		lines.push(
			[
				name.padEnd(4),
				cell(plan.end, 9),
				cell(real?.end, 9),
				cell(real && plan.end / real.end, 10, 3),
				cell(plan.polls, 11),
				cell(real?.polls, 11),
				(real ? `${over} of ${SEEDS}` : '–').padStart(14),
			].join(' '),
		);
	for (const f of FAM.filter((x) => ONLY.test(x.name))) {
		const runs = Array.from({ length: SEEDS }, (_, k) => {
			const seed = k + 1;
			const jobs = serviceBatch(f.setting(seed));
			const p = watch(jobs, { seed, jitterMs: 30, lateMs: f.lateMs, cohort: f.cohort });
			return { jobs, p, l: loop(jobs) };
		});
		const figures = (pick) => ({
			end: mean(runs.map((r) => pick(r).lastSeenAt)) / S,
			polls: mean(runs.map((r) => pick(r).polls / r.jobs.length)),
		});
		row(
			f.name,
			figures((r) => r.p),
			figures((r) => r.l),
			runs.filter((r) => r.p.polls > r.l.polls).length,
		);
	}
	if (ONLY.test('b')) {
		const rs = Array.from({ length: SEEDS }, (_, k) => slots(k + 1));
		row(
			'b',
			{ end: mean(rs.map((x) => x.end)) / S, polls: mean(rs.map((x) => x.polls)) },
			undefined,
			0,
		);
	}
	console.log(lines.join('\n'));
});
