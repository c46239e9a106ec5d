'use strict';
/** Turns the benchmark's runs into figures per case and side, and those into Markdown tables. */

const SIDE_NAMES = { ours: 'Media Generation node, defaults', hand: "hand-built, n8n's own nodes" };

const range = (values, digits = 1, scale = 1) => {
	const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).map((x) => x / scale);
	if (!v.length) return '–';
	const lo = Math.min(...v).toFixed(digits);
	const hi = Math.max(...v).toFixed(digits);
	return lo === hi ? lo : `${lo}–${hi}`;
};
/** For each run, `field` minus that of the base run of the same round (undefined without one). */
const overBase = (runs, bases, field) =>
	runs.map((r) => {
		const b = bases.find((x) => x.repeat === r.repeat);
		return b && r[field] !== undefined && b[field] !== undefined ? r[field] - b[field] : undefined;
	});
/** overBase as records of their round ({repeat, value}), so that overBase can pair them again. */
const overBaseByRound = (runs, bases, field) =>
	overBase(runs, bases, field).map((value, i) => ({ repeat: runs[i].repeat, value }));
const mean = (values) =>
	values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
/**
 * A range with its mean, for memory growth: one collection more or less within a run moves it
 * by 10 MB or more, so over several rounds the mean says more than either end of the range.
 */
const rangeAndMean = (values, digits = 0) => {
	const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
	const r = range(v, digits);
	return v.length > 1 && r.includes('–') ? `${r} (mean ${mean(v).toFixed(digits)})` : r;
};

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

function summarize(variants, records) {
	const out = [];
	for (const variant of variants) {
		const runs = (side, files = 'full') =>
			records.filter(
				(r) => r.case === variant.key && r.side === side && r.files === files && !r.error,
			);
		for (const side of ['ours', 'hand']) {
			const full = runs(side);
			const other = runs(side === 'ours' ? 'hand' : 'ours');
			const small = runs(side, '4 KB');
			const input = runs('input');
			const otherSmall = runs(side === 'ours' ? 'hand' : 'ours', '4 KB');
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

function markdown(summary, { machine, command, started }) {
	const lines = [
		`Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus} cores, ${machine.memoryGb} GB, Node ${machine.node}, n8n ${machine.n8n}: \`${command}\``,
		'',
		'| Case | Side | Node time (s) | Ours / hand-built | ÷ lower bound | Requests per job: create / poll / download | Peak RSS (MB) | RSS growth over 4 KB files (MB) | of which native heap (MB) | RSS growth over reading the file alone (MB) |',
		'|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const s of summary) {
		const r = s.requestsPerJob;
		const requests =
			r.creates === undefined
				? '–'
				: `${r.creates.toFixed(2)} / ${r.polls.toFixed(2)} / ${r.downloads.toFixed(2)}${r.rejected ? ` (${r.rejected.toFixed(2)} refused)` : ''}`;
		const bound = s.lowerBoundMs
			? `${range(s.vsLowerBound, 2)} (of ${(s.lowerBoundMs / 1000).toFixed(1)} s)`
			: s.lowerBoundWhy;
		lines.push(
			`| ${s.side === 'ours' ? s.label : ''} | ${SIDE_NAMES[s.side]}${s.failed ? ` (${s.failed} failed)` : ''} | ${range(s.nodeMs, 1, 1000)} | ${s.side === 'ours' ? `${range(s.vsOtherSide, 2)}×` : ''} | ${bound} | ${requests} | ${range(s.peakRssMb, 0)} | ${rangeAndMean(s.rssGrowthMb)} | ${rangeAndMean(s.nativeHeapGrowthMb)} | ${rangeAndMean(s.rssOverInputMb)} |`,
		);
	}
	const timed = summary.filter((s) => s.side === 'ours' && s.timeOverOtherSideMs?.n > 1);
	if (timed.length) {
		lines.push(
			'',
			'Node time, this node minus the hand-built, paired by round (ms; mean and its 95 % interval):',
			'',
			'| Case | Rounds | Ours − hand-built (ms) | Rounds ahead |',
			'|---|---|---|---|',
		);
		for (const s of timed) {
			const ahead = s.vsOtherSide.filter((ratio) => ratio < 1).length;
			lines.push(
				`| ${s.label} | ${s.timeOverOtherSideMs.n} | ${withInterval(s.timeOverOtherSideMs)} | ${ahead} |`,
			);
		}
	}
	const paired = summary.filter((s) => s.side === 'ours' && s.rssGrowthOverOtherSideMb?.n);
	if (paired.length) {
		lines.push(
			'',
			'Memory growth over 4 KB files, this node minus the hand-built, paired by round (MB; mean and its 95 % interval):',
			'',
			'| Case | Rounds | RSS growth | of which native heap |',
			'|---|---|---|---|',
		);
		for (const s of paired) {
			lines.push(
				`| ${s.label} | ${s.rssGrowthOverOtherSideMb.n} | ${withInterval(s.rssGrowthOverOtherSideMb)} | ${withInterval(s.nativeHeapGrowthOverOtherSideMb)} |`,
			);
		}
	}
	const served = summary.filter((s) => s.served);
	if (served.length) {
		lines.push(
			'',
			'n8n as a server, the workflow started by a webhook; meanwhile a small workflow (a webhook and a No Operation node) was started every 3 s:',
			'',
			'| Case | Side | Items out, of those in (doubled) | Lag of the last job (s) | Small executions meanwhile | The slowest of them, from call to answer (s) |',
			'|---|---|---|---|---|---|',
		);
		for (const s of served) {
			const v = s.served;
			lines.push(
				`| ${s.side === 'ours' ? s.label : ''} | ${SIDE_NAMES[s.side]} | ${range(v.itemsOut, 0)} of ${v.files} (${v.doubled}) | ${range(v.lastLagMs, 2, 1000)} | ${v.pings}${v.failedPings ? ` (${v.failedPings} failed)` : ''} | ${range(v.slowestPingMs, 2, 1000)} |`,
			);
		}
	}
	const lagged = summary.filter((s) => s.lag);
	if (lagged.length) {
		lines.push(
			'',
			'| Case | Side | Jobs seen finished within max(1 s, 10 % of their run time) | Mean lag (s) | Worst lag (s) | Worst lag ÷ allowed |',
			'|---|---|---|---|---|---|',
		);
		for (const s of lagged) {
			lines.push(
				`| ${s.side === 'ours' ? s.label : ''} | ${SIDE_NAMES[s.side]} | ${s.lag.within} of ${s.lag.jobs} | ${(s.lag.meanLagMs / 1000).toFixed(2)} | ${(s.lag.worstLagMs / 1000).toFixed(2)} | ${s.lag.worstOverAllowed.toFixed(2)} |`,
			);
		}
	}
	for (const variant of new Set(lagged.map((s) => s.case))) {
		const [ours, hand] = ['ours', 'hand'].map((side) =>
			lagged.find((s) => s.case === variant && s.side === side),
		);
		if (!ours?.lag.perJob.length) continue;
		lines.push(
			'',
			`Lag of each job in ${ours.label} (s; a range over the rounds):`,
			'',
			'| Job run time (s) | Allowed (s) | Media Generation node | Hand-built |',
			'|---|---|---|---|',
		);
		ours.lag.perJob.forEach((job, i) => {
			const other = hand?.lag.perJob[i];
			lines.push(
				`| ${(job.runMs / 1000).toFixed(1)} | ${(job.allowedMs / 1000).toFixed(1)} | ${range(job.lagMs, 2, 1000)} | ${other ? range(other.lagMs, 2, 1000) : '–'} |`,
			);
		});
	}
	return lines.join('\n');
}

/**
 * The failed runs, each named by its case and side, and the bench's exit code. A run of this node
 * that fails fails the bench. A hand-built run that fails is a finding of the comparison, as when
 * n8n's own Download node gives up on 10,000 files (case h), so it is reported but does not fail
 * the bench, except with --smoke, which checks that every workflow of both sides runs.
 */
function failures(records, { smoke }) {
	const failed = records.filter((r) => r.error);
	const lines = failed.map((r) => `  ${r.case} ${SIDE_NAMES[r.side] ?? r.side}: ${r.error}`);
	const ours = failed.filter((r) => r.side !== 'hand');
	return { lines, exitCode: ours.length || (smoke && failed.length) ? 1 : 0 };
}

module.exports = { summarize, markdown, meanWithInterval, failures };
