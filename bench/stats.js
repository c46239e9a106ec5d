'use strict';
/** The arithmetic of the summary: means, differences paired by round and their 95 % intervals. */

const mean = (values) =>
	values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
/** For each run, `field` minus that of the base run of the same round (undefined without one). */
const overBase = (runs, bases, field) =>
	runs.map((r) => {
		const b = bases.find((x) => x.repeat === r.repeat);
		return b && r[field] !== undefined && b[field] !== undefined ? r[field] - b[field] : undefined;
	});
/** overBase as records of their round ({repeat, value}), so that overBase can pair them again. */
const overBaseByRound = (runs, bases, field) =>
	overBase(runs, bases, field).map((value, i) => ({ repeat: runs[i].repeat, value }));

/** Student's t for a two-sided 95 % interval, by degrees of freedom (1 to 30; 1.96 beyond). */
const T95 = [
	12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12,
	2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
];

/**
 * The mean of paired differences with its 95 % interval: for memory growth, this node's figure
 * minus the hand-built's of the same round. The two sides of a round share the machine's state,
 * so their difference varies less than either figure, and the interval says whether the rounds
 * tell the sides apart at all (an interval across 0: they do not).
 */
function meanWithInterval(differences) {
	const v = differences.filter((x) => typeof x === 'number' && Number.isFinite(x));
	const m = mean(v);
	if (v.length < 2) return { n: v.length, mean: m };
	const sd = Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1));
	const half = (T95[v.length - 2] ?? 1.96) * (sd / Math.sqrt(v.length));
	return { n: v.length, mean: m, low: m - half, high: m + half };
}

module.exports = { mean, overBase, overBaseByRound, meanWithInterval };
