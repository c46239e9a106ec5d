'use strict';
/** The benchmark's Markdown tables, from the figures per case and side (summary.js). */
const { SIDES, SIDE_NAMES } = require('./sides');
const { range, rangeAndMean, withInterval } = require('./formats');

/** A table's lines: a blank line, its intro and a blank line (if any), its header, its rows; none without rows. */
function table(intro, columns, rows) {
	if (!rows.length) return [];
	const head = [`| ${columns.join(' | ')} |`, `|${'---|'.repeat(columns.length)}`];
	return [
		'',
		...(intro ? [intro, ''] : []),
		...head,
		...rows.map((cells) => `| ${cells.join(' | ')} |`),
	];
}

/** The case's label, on the row of this node's side only: the hand-built's row follows it. */
const caseCell = (s) => (s.side === 'ours' ? s.label : '');

/** Each side of each case: time, ratio, requests per job, memory. */
function mainTable(summary) {
	return table(
		undefined,
		[
			'Case',
			'Side',
			'Node time (s)',
			'Ours / hand-built',
			'÷ lower bound',
			'Requests per job: create / poll / download',
			'Peak RSS (MB)',
			'RSS growth over 4 KB files (MB)',
			'of which native heap (MB)',
			'RSS growth over reading the file alone (MB)',
		],
		summary.map((s) => {
			const r = s.requestsPerJob;
			const requests =
				r.creates === undefined
					? '–'
					: `${r.creates.toFixed(2)} / ${r.polls.toFixed(2)} / ${r.downloads.toFixed(2)}${r.rejected ? ` (${r.rejected.toFixed(2)} refused)` : ''}`;
			const bound = s.lowerBoundMs
				? `${range(s.vsLowerBound, 2)} (of ${(s.lowerBoundMs / 1000).toFixed(1)} s)`
				: s.lowerBoundWhy;
			return [
				caseCell(s),
				`${SIDE_NAMES[s.side]}${s.failed ? ` (${s.failed} failed)` : ''}`,
				range(s.nodeMs, 1, 1000),
				s.side === 'ours' ? `${range(s.vsOtherSide, 2)}×` : '',
				bound,
				requests,
				range(s.peakRssMb, 0),
				rangeAndMean(s.rssGrowthMb),
				rangeAndMean(s.nativeHeapGrowthMb),
				rangeAndMean(s.rssOverInputMb),
			];
		}),
	);
}

/** This node's time and memory growth minus the hand-built's, paired by round. */
function pairedTables(summary) {
	const ours = summary.filter((s) => s.side === 'ours');
	return [
		...table(
			'Node time, this node minus the hand-built, paired by round (ms; mean and its 95 % interval):',
			['Case', 'Rounds', 'Ours − hand-built (ms)', 'Rounds ahead'],
			ours
				.filter((s) => s.timeOverOtherSideMs?.n > 1)
				.map((s) => [
					s.label,
					s.timeOverOtherSideMs.n,
					withInterval(s.timeOverOtherSideMs),
					s.vsOtherSide.filter((ratio) => ratio < 1).length,
				]),
		),
		...table(
			'Memory growth over 4 KB files, this node minus the hand-built, paired by round (MB; mean and its 95 % interval):',
			['Case', 'Rounds', 'RSS growth', 'of which native heap'],
			ours
				.filter((s) => s.rssGrowthOverOtherSideMb?.n)
				.map((s) => [
					s.label,
					s.rssGrowthOverOtherSideMb.n,
					withInterval(s.rssGrowthOverOtherSideMb),
					withInterval(s.nativeHeapGrowthOverOtherSideMb),
				]),
		),
	];
}

/** The served cases: items out, the last job's lag, and the small executions meanwhile. */
const servedTable = (summary) =>
	table(
		'n8n as a server, the workflow started by a webhook; meanwhile a small workflow (a webhook and a No Operation node) was started every 3 s:',
		[
			'Case',
			'Side',
			'Items out, of those in (doubled)',
			'Lag of the last job (s)',
			'Small executions meanwhile',
			'The slowest of them, from call to answer (s)',
		],
		summary
			.filter((s) => s.served)
			.map(({ served: v, ...s }) => [
				caseCell(s),
				SIDE_NAMES[s.side],
				`${range(v.itemsOut, 0)} of ${v.files} (${v.doubled})`,
				range(v.lastLagMs, 2, 1000),
				`${v.pings}${v.failedPings ? ` (${v.failedPings} failed)` : ''}`,
				range(v.slowestPingMs, 2, 1000),
			]),
	);

/** The lags of the cases that record them: over all jobs, then job by job for each case. */
function lagTables(summary) {
	const lagged = summary.filter((s) => s.lag);
	const lines = table(
		undefined,
		[
			'Case',
			'Side',
			'Jobs seen finished within max(1 s, 10 % of their run time)',
			'Mean lag (s)',
			'Worst lag (s)',
			'Worst lag ÷ allowed',
		],
		lagged.map((s) => [
			caseCell(s),
			SIDE_NAMES[s.side],
			`${s.lag.within} of ${s.lag.jobs}`,
			(s.lag.meanLagMs / 1000).toFixed(2),
			(s.lag.worstLagMs / 1000).toFixed(2),
			s.lag.worstOverAllowed.toFixed(2),
		]),
	);
	for (const variant of new Set(lagged.map((s) => s.case))) {
		const [ours, hand] = SIDES.map((side) =>
			lagged.find((s) => s.case === variant && s.side === side),
		);
		if (!ours?.lag.perJob.length) continue;
		lines.push(
			...table(
				`Lag of each job in ${ours.label} (s; a range over the rounds):`,
				['Job run time (s)', 'Allowed (s)', 'Media Generation node', 'Hand-built'],
				ours.lag.perJob.map((job, i) => {
					const other = hand?.lag.perJob[i];
					return [
						(job.runMs / 1000).toFixed(1),
						(job.allowedMs / 1000).toFixed(1),
						range(job.lagMs, 2, 1000),
						other ? range(other.lagMs, 2, 1000) : '–',
					];
				}),
			),
		);
	}
	return lines;
}

/** The tables, under a line that says when, where and by which command they were measured. */
function markdown(summary, { machine, command, started }) {
	return [
		`Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus} cores, ${machine.memoryGb} GB, Node ${machine.node}, n8n ${machine.n8n}: \`${command}\``,
		...mainTable(summary),
		...pairedTables(summary),
		...servedTable(summary),
		...lagTables(summary),
	].join('\n');
}

module.exports = { markdown };
