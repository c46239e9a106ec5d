'use strict';
/**
 * What the durable suite reads from a run (the items that came out of the loop, the service's
 * record of each job) and the report it writes: durable-report.json, the README's figures.
 */
const fs = require('node:fs');
const path = require('node:path');

const REPORT = path.resolve(__dirname, '../../durable-report.json');

const report = {
	regular: {},
	queue: {},
	/** Writes the sections this test file filled, keeping the other file's (each file has its own copy). */
	write() {
		const { write, ...figures } = this;
		let kept = {};
		try {
			kept = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
		} catch {
			// no report yet
		}
		for (const [name, section] of Object.entries(figures)) {
			if (Object.keys(section).length)
				kept[name] = { ...section, measuredAt: new Date().toISOString() };
		}
		fs.writeFileSync(REPORT, `${JSON.stringify(kept, null, 2)}\n`);
	},
};

/** Every item the Finished node output, over every round of the loop (each round is one run of it). */
function finishedItems(execution, nodeName = 'Finished') {
	const runs = execution.data?.resultData?.runData?.[nodeName] ?? [];
	return runs.flatMap((run) => run.data?.main?.[0] ?? []);
}

/** How often each job's result file was fetched, by job id. */
function fetchesPerJob(svc, jobs) {
	return new Map(
		jobs.map((job) => [
			job.id,
			svc.state.fileRequests.filter((r) => r.path.includes(`-${job.id.slice(0, 8)}-`)).length,
		]),
	);
}

/**
 * The polls of these jobs (GET of the job) per job, and how late a finished job was seen: from
 * its end at the service to the first poll after it.
 */
function pollsPerJob(svc, jobs) {
	const polls = jobs.map((job) =>
		svc.state.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${job.id}`)),
	);
	const lags = jobs.map((job, i) => {
		const seen = polls[i].find((r) => r.time >= job.endsAt);
		return seen ? (seen.time - job.endsAt) / 1000 : NaN;
	});
	const round = (v) => Math.round(v * 10) / 10;
	return {
		pollsPerJob: round(polls.reduce((a, l) => a + l.length, 0) / jobs.length),
		meanSecondsSeenLate: round(lags.reduce((a, b) => a + b, 0) / lags.length),
		maxSecondsSeenLate: round(Math.max(...lags)),
	};
}

module.exports = { report, finishedItems, fetchesPerJob, pollsPerJob };
