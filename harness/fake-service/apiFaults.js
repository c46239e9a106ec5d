'use strict';
/**
 * How the injected faults of an API request (faults.js) change its handling and its answer.
 * Each function is given `fault(kind)`, the request's fault of that kind if it has one.
 */
const { sleep } = require('../wait');
const { send, sendHtml } = require('./answers');
const { retryAfterHeader } = require('./retryAfter');
const { gatewayPage } = require('./pages');

/**
 * Applies the faults that come before a request is handled: a delay, a dropped connection, or an
 * answer in its place. Returns true when the request has had its answer (or lost its connection).
 */
async function faultBefore(fault, req, res, record) {
	if (fault('slow')) await sleep(fault('slow').delayMs ?? 1000);
	if (fault('drop')) {
		req.socket.destroy();
		return true;
	}
	if (fault('early')) {
		const f = fault('early');
		record.status = f.status;
		const headers = { Connection: 'close', ...retryAfterHeader(f) };
		res.once('finish', () => req.socket.destroy());
		send(res, f.status, f.body ?? { detail: `Injected early ${f.status}` }, headers);
		return true;
	}
	// past the early refusal, a request that waits for 100 Continue is told to send its body
	if (req.expectsContinue) res.writeContinue();
	if (fault('status')) {
		const f = fault('status');
		record.status = f.status;
		send(res, f.status, f.body ?? { detail: `Injected ${f.status}` }, retryAfterHeader(f));
		return true;
	}
	if (fault('html')) {
		const f = fault('html');
		record.status = f.status;
		sendHtml(res, f.status, gatewayPage(f.status, req.headers.host), retryAfterHeader(f));
		return true;
	}
	return false;
}

/** Makes the job a create made end failed, or never end, as its fault says. */
function faultJob(fault, job) {
	if (fault('job-fail')) Object.assign(job, { outcome: 'failed', error: 'Injected failure.' });
	if (fault('job-never')) job.outcome = 'never';
}

/**
 * Applies the faults that come after a request was handled: its connection dropped, or an error
 * in place of its answer. Returns true when they took the place of the answer.
 */
function faultAfter(fault, req, res, record) {
	if (fault('drop-after')) {
		record.status = 'dropped after handling';
		req.socket.destroy();
		return true;
	}
	if (!fault('status-after')) return false;
	record.status = fault('status-after').status;
	send(res, fault('status-after').status, { detail: 'Injected error after handling' });
	return true;
}

module.exports = { faultBefore, faultJob, faultAfter };
