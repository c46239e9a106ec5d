'use strict';
/** Handles a request to the API's origin: the API (/v1), the scripted chat and the control endpoints. */
const { now } = require('../clock');
const { sleep } = require('../wait');
const { HttpError } = require('./errors');
const { readJson } = require('./body');
const { send } = require('./answers');
const { handleChat } = require('./chat');
const { handleControl } = require('./control');
const { findRoute, JSON_CREATES, requestClass } = require('./routes');
const { authenticate, countCreate } = require('./auth');
const { faultBefore, faultJob, faultAfter } = require('./apiFaults');

/** Waits until the clock reaches `at` (a timer may fire a millisecond early by the clock). */
async function sleepUntil(at) {
	while (now() < at) await sleep(at - now());
}

async function handleApi(svc, req, res) {
	const url = new URL(req.url, 'http://x');
	if (url.pathname.startsWith('/__fake/')) return handleControl(svc, req, res, url);
	if (url.pathname.startsWith('/openai/v1/')) return handleChatRequest(svc, req, res, url);
	const path = url.pathname.replace(/^\/v1(?=\/)/, '');
	const versioned = url.pathname.startsWith('/v1/');
	const { route, match } = versioned ? findRoute(req.method, path) : {};
	const record = svc.record(svc.state.requests, req, {
		route: route?.[2],
		key: req.headers['x-api-key'],
	});
	svc.track(requestClass(route?.[2]), res);
	if (route && JSON_CREATES.has(route[2])) {
		// its faults may depend on the body: it is read first
		if (req.expectsContinue) res.writeContinue();
		req.expectsContinue = false;
		req.jsonAhead = await readJson(req).then(
			(body) => ({ body }),
			(error) => ({ error }),
		);
		record.body = req.jsonAhead.body;
	}
	const faults = route ? svc.faults.take(route[2], req.jsonAhead?.body) : [];
	const fault = (kind) => faults.find((f) => f.kind === kind);
	try {
		if (versioned && svc.latencyMs > 0) await sleepUntil(record.time + svc.latencyMs);
		if (await faultBefore(fault, req, res, record)) return;
		if (!route) return send(res, 404, { detail: 'Not Found' });
		const account = authenticate(svc.state, req);
		const result = await route[3](svc, account, req, match);
		if (result.job_id && req.method === 'POST') {
			const job = svc.state.jobs.get(result.job_id);
			job.route = route[2];
			countCreate(svc.revocations, svc.state, req.headers['x-api-key']);
			faultJob(fault, job);
		}
		record.status = 200;
		record.answeredAt = now();
		// what a job poll said: its status (images, videos) or whether it finished (podcasts)
		if (req.method === 'GET' && match?.[1])
			record.jobState = result.status ?? (result.finished ? 'finished' : 'unfinished');
		if (faultAfter(fault, req, res, record)) return;
		send(res, 200, result);
	} catch (err) {
		if (!(err instanceof HttpError)) {
			record.status = 500;
			return send(res, 500, { detail: `Internal error: ${err.message}` });
		}
		record.status = err.status;
		if (!req.complete) req.resume();
		send(res, err.status, { detail: err.detail }, err.headers);
	}
}

/** The scripted chat endpoint that stands in for an AI model in the example workflows. */
async function handleChatRequest(svc, req, res, url) {
	const body = req.method === 'POST' ? await readJson(req).catch(() => ({})) : undefined;
	svc.record(svc.state.chatRequests, req, { body });
	if (!handleChat(req, res, url.pathname.replace(/^\/openai\/v1/, ''), body))
		send(res, 404, { detail: 'Not Found' });
}

module.exports = { handleApi };
