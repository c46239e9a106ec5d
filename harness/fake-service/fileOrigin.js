'use strict';
/**
 * The result files' origin: downloads of the links jobs give (links.js), slowed or broken as the
 * test asks (FILE faults, faults.js), and the hosted reference files (hosted.js).
 */
const { now } = require('../clock');
const { sleep } = require('../wait');
const { sendRaw, sendGzipped, sendHalf } = require('./answers');

/** Object stores' answers for a link they no longer honour: [status, content type, body]. */
const STORE_ERRORS = {
	'expired-gcs': [
		400,
		'application/xml',
		'<?xml version="1.0" encoding="UTF-8"?><Error><Code>ExpiredToken</Code><Message>The provided token has expired.</Message></Error>',
	],
	'expired-azure': [
		403,
		'application/xml',
		'<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Signed expiry time has to be after signed start time</Message></Error>',
	],
};
/** Bodies a file host may answer with 200 in place of the file: [content type, body]. */
const SOFT_BODIES = {
	'empty-200': ['image/png', ''],
	'page-200': [
		'image/png',
		'<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The object you asked for does not exist &amp; never did.</p></body></html>',
	],
	'json-200': ['application/octet-stream', '{"error":"object not found"}'],
};

async function handleFile(svc, req, res) {
	const url = new URL(req.url, 'http://x');
	if (svc.hosted.handle(req, res, url.pathname)) return;
	svc.track('file', res);
	if (svc.options.fileLatencyMs) await sleep(svc.options.fileLatencyMs);
	svc.record(svc.state.fileRequests, req, {});
	const faults = svc.faults.take('FILE');
	if (faults.some((f) => f.kind === 'expired'))
		return sendFileError(res, 403, 'Request has expired');
	const storeError = faults.find((f) => STORE_ERRORS[f.kind]);
	if (storeError) return sendRaw(res, ...STORE_ERRORS[storeError.kind]);
	const soft = faults.find((f) => SOFT_BODIES[f.kind]);
	if (soft) return sendRaw(res, 200, ...SOFT_BODIES[soft.kind]);
	const other = faults.find((f) => f.kind === 'body-200');
	if (other) return sendRaw(res, 200, other.type, Buffer.from(other.body, 'base64'));
	if (faults.some((f) => f.kind === 'status'))
		return sendFileError(res, faults.find((f) => f.kind === 'status').status, 'Injected');
	if (faults.some((f) => f.kind === 'drop')) return req.socket.destroy();
	const found = svc.links.resolve(url.pathname);
	if (found.status !== 200) return sendFileError(res, found.status, found.reason);
	if (faults.some((f) => f.kind === 'gzip')) return sendGzipped(res, found.type, found.body);
	if (faults.some((f) => f.kind === 'truncate')) return sendHalf(req, res, found.type, found.body);
	res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.body.length });
	if (svc.fileBytesPerSecond) return sendPaced(res, found.body, svc.fileBytesPerSecond);
	res.end(found.body);
}

/** Resolves when `res` can take more data, or is gone. */
function drainedOrClosed(res) {
	return new Promise((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.on('drain', done);
		res.on('close', done);
	});
}

/** Sends `body` at about `bytesPerSecond`, in slices of 64 KB, as over a slow link. */
async function sendPaced(res, body, bytesPerSecond) {
	const started = now();
	for (let sent = 0; sent < body.length && !res.destroyed; ) {
		const slice = body.subarray(sent, sent + 64 * 1024);
		sent += slice.length;
		if (!res.write(slice)) await drainedOrClosed(res);
		const ahead = (sent * 1000) / bytesPerSecond - (now() - started);
		if (ahead > 0) await sleep(ahead);
	}
	res.end();
}

/** An S3-style error for a link that is refused. */
function sendFileError(res, status, reason) {
	const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${reason}</Message></Error>`;
	res.writeHead(status, { 'Content-Type': 'application/xml' });
	res.end(xml);
}

module.exports = { handleFile };
