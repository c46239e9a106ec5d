'use strict';
/**
 * A faithful fake of the media-generation service (spec: shared/spec/media-generation-service.md).
 * The API listens on 127.0.0.1; result files are served from a second origin (127.0.0.2 where the
 * machine allows it), so that tests can see that the API key never travels there.
 */
const http = require('node:http');
const { gzipSync } = require('node:zlib');
const { ServiceState } = require('./state');
const { Links } = require('./links');
const { Faults } = require('./faults');
const { HttpError } = require('./errors');
const { now } = require('../clock');
const { readJson, readMultipart } = require('./body');
const images = require('./images');
const videos = require('./videos');
const podcasts = require('./podcasts');
const uploads = require('./uploads');
const { handleChat } = require('./chat');
const { retryAfterHeader } = require('./retryAfter');
const { gatewayPage } = require('./pages');
const { HostedFiles } = require('./hosted');

const UUIDISH = '([^/]+)';
const ROUTES = [
	['GET', '/image/models', 'GET /image/models', (svc, a) => images.listModels(svc, a)],
	[
		'POST',
		'/image/upload',
		'POST /image/upload',
		async (svc, a, req) => {
			const parts = await readMultipart(
				req,
				uploads.LIMITS.image,
				'Image uploads may be at most 20 MB.',
			);
			if (parts.image && parts.image.data.length > uploads.LIMITS.image)
				throw new HttpError(413, 'Image uploads may be at most 20 MB.');
			return uploads.uploadImage(svc, a, parts.image);
		},
	],
	[
		'POST',
		'/image',
		'POST /image',
		async (svc, a, req) => images.create(svc, a, await jsonOf(req)),
	],
	['GET', `/image/${UUIDISH}`, 'GET /image/:id', (svc, a, _req, m) => images.get(svc, a, m[1])],
	['GET', '/video/models', 'GET /video/models', (svc, a) => videos.listModels(svc, a)],
	[
		'POST',
		'/video/upload',
		'POST /video/upload',
		async (svc, a, req) => {
			const parts = await readMultipart(
				req,
				uploads.LIMITS.video,
				'Video uploads may be at most 100 MB.',
			);
			if (parts.video && parts.video.data.length > uploads.LIMITS.video)
				throw new HttpError(413, 'Video uploads may be at most 100 MB.');
			return uploads.uploadVideo(svc, a, parts.video);
		},
	],
	[
		'POST',
		'/video',
		'POST /video',
		async (svc, a, req) => videos.create(svc, a, await jsonOf(req)),
	],
	['GET', `/video/${UUIDISH}`, 'GET /video/:id', (svc, a, _req, m) => videos.get(svc, a, m[1])],
	...Object.keys(podcasts.ENDPOINTS).map((path) => [
		'POST',
		path,
		`POST ${path}`,
		async (svc, a, req) => podcasts.create(svc, a, path, await jsonOf(req)),
	]),
	[
		'GET',
		`/podcast/${UUIDISH}`,
		'GET /podcast/:id',
		(svc, a, _req, m) => podcasts.get(svc, a, m[1]),
	],
];

/** Create routes whose JSON body is read before faults are chosen (a fault may match on it). */
const JSON_CREATES = new Set([
	'POST /image',
	'POST /video',
	...Object.keys(podcasts.ENDPOINTS).map((p) => `POST ${p}`),
]);
/** What a request is, for counting requests in flight at once. */
function requestClass(route) {
	if (!route) return 'other';
	if (JSON_CREATES.has(route)) return 'create';
	if (/^GET \/(image|video|podcast)\/:id$/.test(route)) return 'read';
	if (route.endsWith('/upload')) return 'upload';
	return 'other';
}
/** The JSON body read ahead for a create route (or the error reading it gave). */
async function jsonOf(req) {
	if (!req.jsonAhead) return readJson(req);
	if (req.jsonAhead.error) throw req.jsonAhead.error;
	return req.jsonAhead.body;
}

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

function sendRaw(res, status, type, body) {
	res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
	res.end(body);
}

function send(res, status, body, headers = {}) {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}
function sendHtml(res, status, html, headers = {}) {
	res.writeHead(status, {
		'Content-Type': 'text/html; charset=UTF-8',
		'Content-Length': Buffer.byteLength(html),
		...headers,
	});
	res.end(html);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
/** Waits until the clock reaches `at` (a timer may fire a millisecond early by the clock). */
async function sleepUntil(at) {
	while (now() < at) await sleep(at - now());
}

class FakeService {
	/**
	 * @param {object} [options]
	 * @param {number} [options.port] API port (0: a free one)
	 * @param {number} [options.filesPort] port of the result files' origin (0: a free one)
	 * @param {object} [options.timing] {queueMs, imageMs, videoMs, audioMs}; each run time a number of
	 *   ms or a function (request body, job fields) => ms
	 * @param {number} [options.latencyMs] how late every API answer comes (as over the internet);
	 *   `latencyMs` can be changed on a running service
	 * @param {number} [options.linkTtlMs] how long result links stay valid
	 * @param {number} [options.fileLatencyMs] how late every result file starts (as from a distant host)
	 * @param {number} [options.fileBytesPerSecond] how fast each result file is sent (a slow link);
	 *   can be changed on a running service
	 * @param {number} [options.capacity] image and video jobs of one user that run at once; later
	 *   ones report `queued` until a slot frees, first come first served (default: no limit);
	 *   `state.capacity` can be changed on a running service
	 * @param {number} [options.spread] run times vary by up to ± this fraction (0.3: ±30 %), drawn
	 *   from a generator seeded with `options.seed`; `state.setSpread(spread, seed)` on a running one
	 * @param {object} [options.accounts] API key -> {user, paid, credits, models?}; `models`, when
	 *   given, is the model ids that key's listings show and its creates accept (a plan's catalogue)
	 */
	constructor(options = {}) {
		this.options = options;
		this.state = new ServiceState(options);
		this.links = new Links(this.state, { ttlMs: options.linkTtlMs });
		this.faults = new Faults();
		this.sockets = new Set();
		this.latencyMs = options.latencyMs ?? 0;
		this.fileBytesPerSecond = options.fileBytesPerSecond ?? 0;
		/** requests being handled now, and the most at once, by class (create, read, file, …) */
		this.inFlight = {};
		this.peakInFlight = {};
		/** API key -> creates it may still make before the key is revoked (401 from then on) */
		this.revocations = new Map();
		/** reference files on the web, served from the files' origin (see hosted.js) */
		this.hosted = new HostedFiles();
	}

	/** Revokes `key` once it has created `creates` more jobs: every later request gets 401. */
	revokeKeyAfter(key, creates) {
		this.revocations.set(key, creates);
	}

	/**
	 * How many requests of each class the service has received, answered or not: `create` (a
	 * paid job asked for) and `upload` (a file sent), among others.
	 */
	received() {
		const counts = { create: 0, upload: 0, read: 0, other: 0 };
		for (const r of this.state.requests) counts[requestClass(r.route)] += 1;
		return counts;
	}

	/** Forgets the peaks of requests in flight (a test measures its own run). */
	resetPeaks() {
		this.peakInFlight = {};
	}

	/** Counts a request in flight until its answer is sent or its connection closes. */
	track(cls, res) {
		this.inFlight[cls] = (this.inFlight[cls] ?? 0) + 1;
		this.peakInFlight[cls] = Math.max(this.peakInFlight[cls] ?? 0, this.inFlight[cls]);
		res.once('close', () => (this.inFlight[cls] -= 1));
	}

	get apiUrl() {
		return `http://127.0.0.1:${this.api.address().port}/v1`;
	}
	get filesOrigin() {
		return this.links.origin;
	}
	/** The link to a hosted reference file (hosted.js). */
	hostedUrl(name) {
		return `${this.links.origin}/hosted/${name}`;
	}

	async start() {
		this.api = http.createServer((req, res) => this.handleApi(req, res));
		// a request that asks `Expect: 100-continue` is told 100 Continue once its headers pass, or
		// gets its answer (an early refusal) without its body being read
		this.api.on('checkContinue', (req, res) => {
			req.expectsContinue = true;
			this.handleApi(req, res);
		});
		this.files = http.createServer((req, res) => this.handleFile(req, res));
		for (const s of [this.api, this.files]) {
			s.on('connection', (c) => (this.sockets.add(c), c.on('close', () => this.sockets.delete(c))));
			// Node's default of 5 s closes an idle connection just as a client may reuse it for a
			// large request, which the client then sees reset; a real service keeps them longer
			s.keepAliveTimeout = 65_000;
		}
		await listen(this.api, this.options.port ?? 0, this.options.host ?? '127.0.0.1');
		const filesPort = this.options.filesPort ?? 0;
		const filesHost = await listen(this.files, filesPort, '127.0.0.2').then(
			() => '127.0.0.2',
			() => listen(this.files, filesPort, '127.0.0.1').then(() => '127.0.0.1'),
		);
		this.links.origin = `http://${filesHost}:${this.files.address().port}`;
		return this;
	}

	async stop() {
		for (const s of this.sockets) s.destroy();
		await Promise.all(
			[this.api, this.files].map(
				(s) => new Promise((r) => (s?.listening ? s.close(() => r()) : r())),
			),
		);
	}

	/** Records a request; returns the entry, which gets the answer's status once known. */
	record(list, req, extra) {
		const entry = {
			time: now(),
			method: req.method,
			path: req.url,
			headers: { ...req.headers },
			...extra,
		};
		list.push(entry);
		return entry;
	}

	async handleApi(req, res) {
		const url = new URL(req.url, 'http://x');
		if (url.pathname.startsWith('/__fake/')) return this.handleControl(req, res, url);
		if (url.pathname.startsWith('/openai/v1/')) return this.handleChatRequest(req, res, url);
		const path = url.pathname.replace(/^\/v1(?=\/)/, '');
		const entry = url.pathname.startsWith('/v1/') ? { method: req.method, path } : undefined;
		let route;
		let match;
		if (entry) {
			for (const r of ROUTES) {
				match = r[0] === req.method && new RegExp(`^${r[1]}$`).exec(path);
				if (match) {
					route = r;
					break;
				}
			}
		}
		const record = this.record(this.state.requests, req, {
			route: route?.[2],
			key: req.headers['x-api-key'],
		});
		this.track(requestClass(route?.[2]), res);
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
		const faults = route ? this.faults.take(route[2], req.jsonAhead?.body) : [];
		const fault = (kind) => faults.find((f) => f.kind === kind);
		try {
			if (entry && this.latencyMs > 0) await sleepUntil(record.time + this.latencyMs);
			if (fault('slow')) await sleep(fault('slow').delayMs ?? 1000);
			if (fault('drop')) return req.socket.destroy();
			if (fault('early')) {
				const f = fault('early');
				record.status = f.status;
				const headers = { Connection: 'close', ...retryAfterHeader(f) };
				res.once('finish', () => req.socket.destroy());
				return send(res, f.status, f.body ?? { detail: `Injected early ${f.status}` }, headers);
			}
			if (req.expectsContinue) res.writeContinue();
			if (fault('status')) {
				const f = fault('status');
				record.status = f.status;
				return send(
					res,
					f.status,
					f.body ?? { detail: `Injected ${f.status}` },
					retryAfterHeader(f),
				);
			}
			if (fault('html')) {
				const f = fault('html');
				record.status = f.status;
				return sendHtml(
					res,
					f.status,
					gatewayPage(f.status, req.headers.host),
					retryAfterHeader(f),
				);
			}
			if (!route) return send(res, 404, { detail: 'Not Found' });
			const account = this.state.account(req.headers['x-api-key']);
			if (!account) throw new HttpError(401, 'Invalid or missing API key.');
			if (!account.paid) throw new HttpError(403, 'API access needs an active paid plan.');
			const result = await route[3](this, account, req, match);
			if (result.job_id && req.method === 'POST') {
				const job = this.state.jobs.get(result.job_id);
				job.route = route[2];
				const key = req.headers['x-api-key'];
				if (this.revocations.has(key)) {
					const left = this.revocations.get(key) - 1;
					this.revocations.set(key, left);
					if (left <= 0) this.state.accounts.delete(key);
				}
				if (fault('job-fail'))
					Object.assign(job, { outcome: 'failed', error: 'Injected failure.' });
				if (fault('job-never')) job.outcome = 'never';
			}
			record.status = 200;
			record.answeredAt = now();
			// what a job poll said: its status (images, videos) or whether it finished (podcasts)
			if (req.method === 'GET' && match?.[1])
				record.jobState = result.status ?? (result.finished ? 'finished' : 'unfinished');
			if (fault('drop-after')) {
				record.status = 'dropped after handling';
				return req.socket.destroy();
			}
			if (fault('status-after')) record.status = fault('status-after').status;
			if (fault('status-after'))
				return send(res, fault('status-after').status, { detail: 'Injected error after handling' });
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
	async handleChatRequest(req, res, url) {
		const body = req.method === 'POST' ? await readJson(req).catch(() => ({})) : undefined;
		this.record(this.state.chatRequests, req, { body });
		if (!handleChat(req, res, url.pathname.replace(/^\/openai\/v1/, ''), body))
			send(res, 404, { detail: 'Not Found' });
	}

	async handleFile(req, res) {
		const url = new URL(req.url, 'http://x');
		if (this.hosted.handle(req, res, url.pathname)) return;
		this.track('file', res);
		if (this.options.fileLatencyMs) await sleep(this.options.fileLatencyMs);
		this.record(this.state.fileRequests, req, {});
		const faults = this.faults.take('FILE');
		if (faults.some((f) => f.kind === 'expired'))
			return this.sendFileError(res, 403, 'Request has expired');
		const storeError = faults.find((f) => STORE_ERRORS[f.kind]);
		if (storeError) return sendRaw(res, ...STORE_ERRORS[storeError.kind]);
		const soft = faults.find((f) => SOFT_BODIES[f.kind]);
		if (soft) return sendRaw(res, 200, ...SOFT_BODIES[soft.kind]);
		const other = faults.find((f) => f.kind === 'body-200');
		if (other) return sendRaw(res, 200, other.type, Buffer.from(other.body, 'base64'));
		if (faults.some((f) => f.kind === 'status'))
			return this.sendFileError(res, faults.find((f) => f.kind === 'status').status, 'Injected');
		if (faults.some((f) => f.kind === 'drop')) return req.socket.destroy();
		const found = this.links.resolve(url.pathname);
		if (found.status !== 200) return this.sendFileError(res, found.status, found.reason);
		if (faults.some((f) => f.kind === 'gzip')) {
			const packed = gzipSync(found.body);
			res.writeHead(200, {
				'Content-Type': found.type,
				'Content-Encoding': 'gzip',
				'Content-Length': packed.length,
			});
			return res.end(packed);
		}
		res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.body.length });
		if (faults.some((f) => f.kind === 'truncate')) {
			res.write(found.body.subarray(0, Math.floor(found.body.length / 2)));
			return setTimeout(() => req.socket.destroy(), 20);
		}
		if (this.fileBytesPerSecond) return this.sendPaced(res, found.body, this.fileBytesPerSecond);
		res.end(found.body);
	}

	/** Sends `body` at about `bytesPerSecond`, in slices of 64 KB, as over a slow link. */
	async sendPaced(res, body, bytesPerSecond) {
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

	sendFileError(res, status, reason) {
		const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${reason}</Message></Error>`;
		res.writeHead(status, { 'Content-Type': 'application/xml' });
		res.end(xml);
	}

	/** Control endpoints for runs in another process (the real n8n, the demo). No key needed. */
	async handleControl(req, res, url) {
		if (req.method === 'GET' && url.pathname === '/__fake/state')
			return send(res, 200, this.summary());
		if (req.method === 'POST' && url.pathname === '/__fake/faults') {
			const fault = await readJson(req).catch(() => undefined);
			if (!fault?.route || !fault.kind)
				return send(res, 422, { detail: 'route and kind are required' });
			this.faults.add(fault);
			return send(res, 200, { ok: true });
		}
		if (req.method === 'DELETE' && url.pathname === '/__fake/faults') {
			this.faults.clear();
			return send(res, 200, { ok: true });
		}
		send(res, 404, { detail: 'Not Found' });
	}

	summary() {
		return {
			jobs: [...this.state.jobs.values()].map((j) => ({
				id: j.id,
				kind: j.kind,
				owner: j.owner,
				createdAt: j.createdAt,
				endsAt: j.endsAt,
				status: this.state.status(j),
			})),
			maxAudioInFlight: this.state.maxAudioInFlight,
			peakInFlight: this.peakInFlight,
			duplicateCreates: this.state.duplicateCreates(),
			requests: this.state.requests.length,
			fileRequests: this.state.fileRequests.length,
			chatRequests: this.state.chatRequests.length,
		};
	}
}

function listen(server, port, host) {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
}

async function startFakeService(options) {
	return new FakeService(options).start();
}

module.exports = { FakeService, startFakeService };
