'use strict';
/** How the tables write figures: ranges over the rounds, means, signed differences with intervals. */
const { mean } = require('./stats');

/** "1.2–3.4" over the finite values, scaled down by `scale`; one value alone; "–" without any. */
const range = (values, digits = 1, scale = 1) => {
	const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).map((x) => x / scale);
	if (!v.length) return '–';
	const lo = Math.min(...v).toFixed(digits);
	const hi = Math.max(...v).toFixed(digits);
	return lo === hi ? lo : `${lo}–${hi}`;
};
/**
 * A range with its mean, for memory growth: one collection more or less within a run moves it
 * by 10 MB or more, so over several rounds the mean says more than either end of the range.
 */
const rangeAndMean = (values, digits = 0) => {
	const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
	const r = range(v, digits);
	return v.length > 1 && r.includes('–') ? `${r} (mean ${mean(v).toFixed(digits)})` : r;
};

/** A whole number with its sign ("−" for minus), and none on 0. */
const signed = (x) => {
	const r = Math.round(Math.abs(x));
	return `${r === 0 ? '' : x > 0 ? '+' : '−'}${r}`;
};
/** "−3 (−12 to +6)"; the mean alone from one round. */
const withInterval = ({ mean: m, low, high }) =>
	m === undefined
		? '–'
		: low === undefined
			? signed(m)
			: `${signed(m)} (${signed(low)} to ${signed(high)})`;

module.exports = { range, rangeAndMean, withInterval };
