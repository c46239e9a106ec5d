'use strict';
/**
 * MEDIA_GEN_BENCH_TRACE=FILE: a JSON line per measured run appended to FILE, with the service's
 * jobs and every API request, to read when each job was polled (rounds.js reads it).
 */
const fs = require('node:fs');

/** One line of FILE per run: its case and side, the service's jobs and every API request. */
function traceRun(file, record, svc) {
	const jobs = [...svc.state.jobs.values()].map((j) => ({
		id: j.id,
		createdAt: j.createdAt,
		startsAt: j.startsAt,
		endsAt: j.endsAt,
	}));
	const requests = svc.state.requests.map((r) => ({
		method: r.method,
		path: r.path,
		time: r.time,
		answeredAt: r.answeredAt,
		status: r.status,
		jobState: r.jobState,
	}));
	const { case: key, side, repeat, files } = record;
	fs.appendFileSync(
		file,
		`${JSON.stringify({ case: key, side, repeat, files, jobs, requests })}\n`,
	);
}

module.exports = { traceRun };
