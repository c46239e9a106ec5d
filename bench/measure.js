'use strict';
/**
 * What the benchmark measures of one run: node time from n8n's own run data, and the API requests
 * and job lags from the fake's logs (memory: rssSampler.js).
 */
const { runData } = require('../harness/n8n-cli');

/** Nodes that only feed the case its input; the time of the rest is what is compared. */
const INPUT_NODES = new Set(['Start', 'Items', 'Read File']);

/** When the first measured node started and the last one ended, over all of their runs (epoch ms). */
function nodeBounds(data) {
	let start = Infinity;
	let end = -Infinity;
	for (const [name, runs] of Object.entries(runData(data) ?? {})) {
		if (INPUT_NODES.has(name)) continue;
		for (const run of runs) {
			start = Math.min(start, run.startTime);
			end = Math.max(end, run.startTime + run.executionTime);
		}
	}
	return end >= start ? { start, end } : undefined;
}

/** From the first measured node's start to the last one's end, over all of their runs (ms). */
function nodeSpan(data) {
	const bounds = nodeBounds(data);
	return bounds && bounds.end - bounds.start;
}

/**
 * Where the node time went, in ms from the first measured node's start: the first request to the
 * service, the first and last create, the last job's end and when it was first seen ended, the
 * last file request, and the node's end. What a side spends before its first create and after
 * its last job's end is its own time, not the service's.
 */
function phases(data, svc) {
	const bounds = nodeBounds(data);
	if (!bounds) return undefined;
	const at = (t) => (Number.isFinite(t) ? t - bounds.start : undefined);
	// folded rather than spread: a batch of 10,000 items has tens of thousands of requests
	const least = (xs) => xs.reduce((a, b) => Math.min(a, b), Infinity);
	const most = (xs) => xs.reduce((a, b) => Math.max(a, b), -Infinity);
	const api = svc.state.requests;
	const creates = api.filter((r) => r.method === 'POST').map((r) => r.time);
	const jobs = [...svc.state.jobs.values()];
	const last = jobs.reduce((a, b) => (a && a.endsAt >= b.endsAt ? a : b), undefined);
	return {
		firstRequest: at(least(api.map((r) => r.time))),
		firstCreate: at(least(creates)),
		lastCreate: at(most(creates)),
		lastJobEnd: at(last?.endsAt),
		lastJobSeen: at(last && firstSeenEnded(svc).get(last.id)),
		lastFileRequest: at(most(svc.state.fileRequests.map((r) => r.time))),
		nodeEnd: bounds.end - bounds.start,
	};
}

/** The items a node put out over all of its runs. */
function outputItems(data, nodeName) {
	return (runData(data)?.[nodeName] ?? []).flatMap((run) => run.data?.main?.[0] ?? []);
}

/** The fake's request log, by class: creates and uploads (POST), polls, listings, file downloads. */
function requestCounts(svc) {
	const counts = {
		creates: 0,
		polls: 0,
		downloads: svc.state.fileRequests.length,
		other: 0,
		rejected: 0,
	};
	for (const r of svc.state.requests) {
		if (r.method === 'POST') counts.creates++;
		else if (/^GET \/(image|video|podcast)\/:id$/.test(r.route ?? '')) counts.polls++;
		else counts.other++;
		if (r.status !== 200) counts.rejected++;
	}
	return counts;
}

/** For each job seen finished: when the answer of its first poll that gave the final state came. */
function firstSeenEnded(svc) {
	const firstSeen = new Map();
	for (const r of svc.state.requests) {
		if (r.method !== 'GET' || !['succeeded', 'failed', 'finished'].includes(r.jobState)) continue;
		const id = r.path.split('/').pop();
		if (!firstSeen.has(id)) firstSeen.set(id, r.answeredAt);
	}
	return firstSeen;
}

/**
 * For each job: when the client first saw it finished (the answer of its first poll that gave the
 * final state) minus when it finished on the service, against max(1 s, 10 % of its run time).
 */
function jobLags(svc) {
	const firstSeen = firstSeenEnded(svc);
	return [...svc.state.jobs.values()].map((job) => {
		const runMs = job.endsAt - job.createdAt;
		const seen = firstSeen.get(job.id);
		const lagMs = seen === undefined ? undefined : seen - job.endsAt;
		const allowedMs = Math.max(1000, runMs / 10);
		return {
			runMs,
			endsAt: job.endsAt,
			lagMs,
			allowedMs,
			within: lagMs !== undefined && lagMs <= allowedMs,
		};
	});
}

/** Forgets what the fake saw and made, so that each run's figures are its own. */
/** From the first job's creation to the last job's end on the service: its own finish, queueing included. */
function serviceSpan(svc) {
	const jobs = [...svc.state.jobs.values()];
	return Math.max(...jobs.map((j) => j.endsAt)) - Math.min(...jobs.map((j) => j.createdAt));
}

function resetService(svc) {
	svc.state.requests.length = 0;
	svc.state.fileRequests.length = 0;
	svc.state.jobs.clear();
	svc.state.videos.clear();
	svc.state.images.clear();
	svc.links.cache.clear();
}

module.exports = {
	nodeBounds,
	nodeSpan,
	phases,
	outputItems,
	requestCounts,
	jobLags,
	serviceSpan,
	resetService,
	INPUT_NODES,
};
