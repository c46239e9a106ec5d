'use strict';
/** Turns the benchmark's runs into figures per case and side: what the tables print (tables.js). */
const { SIDES, otherSide } = require('./sides');
const { mean, overBase, overBaseByRound, meanWithInterval } = require('./stats');

function summarize(variants, records) {
	const out = [];
	for (const variant of variants) {
		const runs = (side, files = 'full') =>
			records.filter(
				(r) => r.case === variant.key && r.side === side && r.files === files && !r.error,
			);
		for (const side of SIDES) {
			const full = runs(side);
			const other = runs(otherSide(side));
			const small = runs(side, '4 KB');
			const input = runs('input');
			const otherSmall = runs(otherSide(side), '4 KB');
			// this side's growth minus the other side's, round by round (cases with a 4 KB run)
			const growthOverOtherSide = (field) =>
				variant.baseline
					? meanWithInterval(
							overBase(
								overBaseByRound(full, small, field),
								overBaseByRound(other, otherSmall, field),
								'value',
							),
						)
					: undefined;
			const perJob = (what) => mean(full.map((r) => r.requests[what] / Math.max(1, r.jobs)));
			const lags = full.flatMap((r) => r.lags ?? []);
			// each job's lag, the jobs of every round sorted by run time so that rounds line up
			const byJob = full.map((r) => [...(r.lags ?? [])].sort((x, y) => x.runMs - y.runMs));
			out.push({
				case: variant.key,
				label: variant.label,
				side,
				runs: full.length,
				failed: records.filter((r) => r.case === variant.key && r.side === side && r.error).length,
				nodeMs: full.map((r) => r.nodeMs),
				// each run against the other side's run of the same round
				vsOtherSide: full.map((r) => {
					const o = other.find((x) => x.repeat === r.repeat);
					return o?.nodeMs ? r.nodeMs / o.nodeMs : undefined;
				}),
				// the same as a difference, with its interval: whether the rounds tell the sides apart
				timeOverOtherSideMs: meanWithInterval(overBase(full, other, 'nodeMs')),
				// a queueing service's own finish differs by run: each run against its own
				lowerBoundMs: variant.serviceBound
					? mean(full.map((r) => r.serviceMs))
					: variant.lowerBoundMs,
				lowerBoundWhy: variant.lowerBoundWhy,
				vsLowerBound: variant.serviceBound
					? full.map((r) => r.nodeMs / r.serviceMs)
					: variant.lowerBoundMs
						? full.map((r) => r.nodeMs / variant.lowerBoundMs)
						: [],
				requestsPerJob: {
					creates: perJob('creates'),
					polls: perJob('polls'),
					downloads: perJob('downloads'),
					other: perJob('other'),
					rejected: perJob('rejected'),
				},
				peakRssMb: full.map((r) => r.peakRssMb),
				peakRssMbSmallFiles: small.map((r) => r.peakRssMb),
				rssGrowthMb: variant.baseline ? overBase(full, small, 'peakRssMb') : [],
				// the same for the native heap alone: what the transfers cost, apart from the nodes loaded
				nativeHeapGrowthMb: variant.baseline ? overBase(full, small, 'nativeHeapMb') : [],
				rssGrowthOverOtherSideMb: growthOverOtherSide('peakRssMb'),
				nativeHeapGrowthOverOtherSideMb: growthOverOtherSide('nativeHeapMb'),
				// what the node itself adds over the run of the workflow's input alone (same file, same round)
				rssOverInputMb: variant.inputOnly ? overBase(full, input, 'peakRssMb') : [],
				served: variant.served
					? {
							files: variant.files,
							itemsOut: full.map((r) => r.served.itemsOut),
							doubled: Math.max(0, ...full.map((r) => r.served.doubled)),
							lastLagMs: full.map((r) => r.served.lastLagMs),
							pings: full.reduce((n, r) => n + r.served.pings, 0),
							failedPings: full.reduce((n, r) => n + r.served.failedPings, 0),
							slowestPingMs: full.map((r) => r.served.slowestPingMs),
						}
					: undefined,
				lag: variant.lag
					? {
							jobs: lags.length,
							within: lags.filter((l) => l.within).length,
							meanLagMs: mean(lags.map((l) => l.lagMs ?? Infinity)),
							worstLagMs: Math.max(...lags.map((l) => l.lagMs ?? Infinity)),
							worstOverAllowed: Math.max(...lags.map((l) => (l.lagMs ?? Infinity) / l.allowedMs)),
							perJob: (byJob[0] ?? []).map((job, i) => ({
								runMs: job.runMs,
								allowedMs: job.allowedMs,
								lagMs: byJob.map((round) => round[i]?.lagMs),
							})),
						}
					: undefined,
			});
		}
	}
	return out;
}

module.exports = { summarize };
