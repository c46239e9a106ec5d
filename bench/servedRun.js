'use strict';
/** A served variant's run, measured and checked: n8n as a server (served.js), by a webhook. */
const { runError } = require('../harness/n8n-cli');
const { sampleRss } = require('./rssSampler');
const { phases, requestCounts, jobLags, resetService } = require('./measure');
const { KEY } = require('./credentials');
const { producedFiles, recordHead, logRun } = require('./runRecord');
const { runServed, servedWorkflow } = require('./served');

/**
 * A served variant's run: n8n as a server, the workflow started by a webhook, a small execution
 * started every few seconds meanwhile (served.js). Also checks that no item was lost or doubled.
 */
async function runServedOne({ svc, variant, side, repeat }) {
	resetService(svc);
	variant.setup(svc, { small: false });
	const workflow = servedWorkflow(variant, side, svc.apiUrl);
	let result;
	let error;
	try {
		result = await runServed({ workflow, apiUrl: svc.apiUrl, key: KEY, sample: sampleRss });
	} catch (e) {
		error = `the run failed: ${e.message.slice(0, 800)}`;
	}
	const counts = requestCounts(svc);
	const data = result?.data;
	const files = data ? producedFiles(data, variant, side) : 0;
	const doubled = svc.state.duplicateCreates().length;
	const failure = runError(data);
	if (!error && failure) {
		const { message, description, node } = failure;
		const where = node?.name ? ` in ${node.name}` : '';
		error = `n8n${where}: ${message}${description ? ` (${description})` : ''}`.slice(0, 800);
	} else if (!error && files !== variant.files)
		error = `expected ${variant.files} files, got ${files}`;
	else if (!error && doubled) error = `${doubled} items made more than one job`;
	const lags = jobLags(svc);
	const last = lags.reduce((a, l) => (l.endsAt > (a?.endsAt ?? -Infinity) ? l : a), undefined);
	const pings = result?.pings ?? [];
	const record = {
		...recordHead({
			variant,
			side,
			files: 'full',
			repeat,
			data,
			peakRssMb: result?.peakRssMb ?? 0,
		}),
		jobs: svc.state.jobs.size,
		requests: counts,
		served: {
			itemsOut: files,
			doubled,
			lastLagMs: last?.lagMs,
			// every job's lag, not only the last one's: when the batch saw its jobs end
			lagsMs: lagSpread(lags),
			pings: pings.length,
			slowestPingMs: Math.max(0, ...pings.map((p) => p.ms)),
			failedPings: pings.filter((p) => !p.ok).length,
			// when each small execution started after the run's webhook was called, and how long it took (ms)
			timeline: pings.map((p) => [p.at, p.ms]),
		},
		phases: data ? phases(data, svc) : undefined,
		error,
	};
	logRun(record, {
		after: `, ${files} files, slowest small execution ${record.served.slowestPingMs} ms of ${pings.length}`,
	});
	return record;
}

/** The median, 90th percentile and largest of the jobs' lags (ms), over the jobs seen ended. */
function lagSpread(lags) {
	const sorted = lags
		.map((l) => l.lagMs)
		.filter((ms) => ms !== undefined)
		.sort((a, b) => a - b);
	if (!sorted.length) return undefined;
	const pick = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
	return { median: pick(0.5), p90: pick(0.9), max: sorted[sorted.length - 1] };
}

module.exports = { runServedOne };
