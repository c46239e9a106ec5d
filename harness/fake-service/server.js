'use strict';
/**
 * A faithful fake of the media-generation service (spec: shared/spec/media-generation-service.md).
 * The API listens on 127.0.0.1; result files are served from a second origin (127.0.0.2 where the
 * machine allows it), so that tests can see that the API key never travels there.
 * This file starts and stops the two origins and keeps what they count; api.js answers the API's
 * origin and fileOrigin.js the files'.
 */
const http = require('node:http');
const { ServiceState } = require('./state');
const { Links } = require('./links');
const { Faults } = require('./faults');
const { HostedFiles } = require('./hosted');
const { now } = require('../clock');
const { requestClass } = require('./routes');
const { handleApi } = require('./api');
const { handleFile } = require('./fileOrigin');

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
		this.api = http.createServer((req, res) => handleApi(this, req, res));
		// a request that asks `Expect: 100-continue` is told 100 Continue once its headers pass, or
		// gets its answer (an early refusal) without its body being read
		this.api.on('checkContinue', (req, res) => {
			req.expectsContinue = true;
			handleApi(this, req, res);
		});
		this.files = http.createServer((req, res) => handleFile(this, req, res));
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

	/** What the service has seen, as GET /__fake/state tells another process. */
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
