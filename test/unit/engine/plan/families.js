const { shuffled, spreadCase } = require('../../../../harness/image-batches');
const { ServiceState } = require('../../../../harness/fake-service/state');

/**
 * The batches the plan is tried on, over many seeds: services that run 1 to 5 jobs at once or
 * queue nothing, run times spread by 0 to 50 %, jobs of 1 s to 10 min, and the bench's cases.
 * `short` families are jobs of 1 to 3 s.
 */
/**
 * @typedef {{ name: string, setting: (seed: number) => import('./simulatedService').BatchSetting,
 *   cohort?: (i: number) => string }} Family
 */

const S = 1000;

/** The run times of the bench's e (5 to 60 s by size) and e3 (10 s ±50 %, as the fake draws). */
const eRuns = spreadCase(5 * S, 60 * S).durations;
const drawn = new ServiceState({ spread: 0.5, seed: 24 });
const e3Runs = Array.from({ length: 20 }, () => drawn.runTime(10 * S));

/** @returns {Family[]} */
function families() {
	/** @type {Family[]} */
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
	for (const capacity of [1, 2, 3, 4, Infinity])
		for (const spread of [0, 0.3])
			for (const runMs of [1 * S, 2 * S, 3 * S])
				for (const n of [6, 20])
					out.push({
						name: `short q${capacity} ${runMs / S}s ±${spread * 100} n${n}`,
						setting: (seed) => ({ n, runMs, spread, capacity, seed }),
					});
	// like the bench's a (alike jobs), e (5 to 60 s, four shapes), e2 (e's run times given to
	// alike jobs, in an order each seed shuffles), e3 (alike jobs of 10 s ±50 %) and g3
	const byLength = Array.from({ length: 20 }, (_, i) => 5 * S + (55 * S * i) / 19);
	out.push({ name: 'B-a', setting: (seed) => ({ n: 20, runMs: 10 * S, spread: 0.02, seed }) });
	out.push({
		name: 'B-e',
		setting: (seed) => ({ n: 20, runs: byLength, seed }),
		cohort: (/** @type {number} */ i) => `c${i % 4}`,
	});
	out.push({
		name: 'B-e2',
		setting: (seed) => ({ n: 20, runs: shuffled(eRuns, seed), seed }),
	});
	out.push({ name: 'B-e3', setting: (seed) => ({ n: 20, runs: e3Runs, seed }) });
	out.push({
		name: 'B-g3',
		setting: (seed) => ({ n: 20, runMs: 8 * S, spread: 0.4, capacity: 3, seed }),
	});
	return out;
}

module.exports = { families, eRuns, e3Runs };
