'use strict';
/**
 * The rounds of the hand-built loop (HTTP Request, Wait 2 s, If) as n8n ran them, read from a
 * trace the bench wrote (MEDIA_GEN_BENCH_TRACE=FILE, bench/run.js): for each of its runs, when
 * the first round's first poll went out after the last create sent before it was answered, and
 * how long a round took by the number of jobs it polled; then a straight line fitted to all rounds
 * (the first excepted): a round of n jobs ≈ base + perJob × n. The simulated loop of the poll
 * plan's tests takes its `traced` model from these figures (test/unit/engine/plan/simulator.ts).
 *
 *   node bench/rounds.js FILE...
 */
const fs = require('node:fs');

/** polls of one round go out within this of each other; rounds are 2 s apart */
const SAME_ROUND_MS = 500;

/** @param {{ jobs: unknown[], requests: Array<{ method: string, path: string, time: number, answeredAt: number }> }} run */
function roundsOf(run) {
	const creates = run.requests.filter((r) => r.method === 'POST');
	// a run that created no job (an upload, a listing) has no loop to read
	if (!creates.length) return { firstMs: undefined, gaps: [] };
	/** @type {Array<{ at: number, polls: number }>} */
	const rounds = [];
	let last = -Infinity;
	for (const r of run.requests) {
		// a poll of a job: GET /v1/<kind>/<id>, not a download of its file
		if (r.method !== 'GET' || !/^\/v1\/[a-z]+\/[^/]+$/.test(r.path)) continue;
		if (r.time - last > SAME_ROUND_MS) rounds.push({ at: r.time, polls: 0 });
		rounds[rounds.length - 1].polls++;
		last = r.time;
	}
	return {
		firstMs: rounds.length ? rounds[0].at - lastCreateBefore(creates, rounds[0].at) : undefined,
		gaps: rounds.slice(1).map((r, i) => ({ polls: rounds[i].polls, ms: r.at - rounds[i].at })),
	};
}

/**
 * When the last create sent before `at` was answered: a loop that creates jobs as slots free
 * (case b) polls between its creates, and its first round follows the creates before it.
 */
function lastCreateBefore(creates, at) {
	return Math.max(...creates.filter((r) => r.time < at).map((r) => r.answeredAt));
}

function fit(points) {
	const n = points.length;
	const mx = points.reduce((a, p) => a + p.polls, 0) / n;
	const my = points.reduce((a, p) => a + p.ms, 0) / n;
	const sxy = points.reduce((a, p) => a + (p.polls - mx) * (p.ms - my), 0);
	const sxx = points.reduce((a, p) => a + (p.polls - mx) ** 2, 0);
	const perJob = sxx ? sxy / sxx : 0;
	return { base: my - perJob * mx, perJob };
}

function main(files) {
	if (!files.length) throw new Error('usage: node bench/rounds.js TRACE_FILE...');
	const all = [];
	const firsts = [];
	for (const file of files) {
		for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
			if (!line.trim()) continue;
			const run = JSON.parse(line);
			if (run.side !== 'hand') continue;
			const { firstMs, gaps } = roundsOf(run);
			if (firstMs === undefined) continue;
			firsts.push(firstMs);
			all.push(...gaps);
			const byPolls = new Map();
			for (const g of gaps) byPolls.set(g.polls, [...(byPolls.get(g.polls) ?? []), g.ms]);
			const spread = [...byPolls]
				.sort(([a], [b]) => a - b)
				.map(([polls, ms]) => `${polls}: ${Math.round(ms.reduce((a, b) => a + b) / ms.length)}`)
				.join(', ');
			console.log(
				`${run.case} (round ${run.repeat + 1}): first poll ${firstMs} ms after the last create; round by jobs polled (ms): ${spread}`,
			);
		}
	}
	if (!firsts.length) throw new Error('no hand-built run with a poll in the trace');
	const mean = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
	const first = `first poll ${mean(firsts)} ms after the last create on average (${Math.min(...firsts)} to ${Math.max(...firsts)})`;
	// jobs that all end before the first round (short ones) give that round alone
	const line = all.length ? fit(all) : undefined;
	const round = line
		? `a round of n jobs ≈ ${Math.round(line.base)} + ${line.perJob.toFixed(1)} × n ms`
		: 'no run had a second round';
	console.log(`${firsts.length} runs, ${all.length} rounds: ${first}; ${round}`);
}

main(process.argv.slice(2));
