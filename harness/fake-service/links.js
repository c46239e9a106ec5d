'use strict';
/** Signed, expiring download links for result files, and the files behind them. */
const { createHmac } = require('node:crypto');
const { writePng } = require('./media/png');
const { writeMp4 } = require('./media/mp4');
const { writeMp3 } = require('./media/mp3');

const SECRET = 'fake-service-link-secret';
const DAY_MS = 24 * 60 * 60 * 1000;

function sign(payload) {
	return createHmac('sha256', SECRET).update(payload).digest('base64url');
}

class Links {
	constructor(state, { ttlMs = DAY_MS } = {}) {
		this.state = state;
		this.ttlMs = ttlMs;
		this.origin = '';
		this.cache = new Map();
	}

	/** A fresh link to result `index` of a job; every call gives a new expiry. */
	create(job, index, ext) {
		const payload = Buffer.from(
			JSON.stringify({ j: job.id, i: index, e: this.state.now() + this.ttlMs }),
		).toString('base64url');
		return `${this.origin}/files/${payload}.${sign(payload)}/${job.kind}-${job.id.slice(0, 8)}-${index}.${ext}`;
	}

	/** @returns {{status:number, body?:Buffer, type?:string, reason?:string}} */
	resolve(pathname) {
		const m = /^\/files\/([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\/[^/]+$/.exec(pathname);
		if (!m || sign(m[1]) !== m[2]) return { status: 403, reason: 'SignatureDoesNotMatch' };
		const { j, i, e } = JSON.parse(Buffer.from(m[1], 'base64url').toString());
		if (this.state.now() > e) return { status: 403, reason: 'Request has expired' };
		const job = this.state.jobs.get(j);
		if (!job) return { status: 404, reason: 'NoSuchKey' };
		return { status: 200, ...this.file(job, i) };
	}

	file(job, index) {
		const key = `${job.id}:${index}`;
		if (!this.cache.has(key))
			this.cache.set(key, render(job, index, this.state.resultPaddingBytes));
		return this.cache.get(key);
	}
}

/**
 * PNGs by size, seed and padding. A PNG depends on nothing else, and its seed takes a few dozen
 * values, so the jobs of a large batch share a few files. Rendering each job's own (a 1024 × 1024
 * image is 3 MB of pixels to compress) took the fake service, which runs in the bench's own
 * process, 14 s of CPU and 6 s of garbage collection over 10,000 images (case h, a CPU profile
 * of the bench process, 2026-11-30): a core of the two that n8n was measured on.
 */
const PNGS = new Map();
const PNGS_KEPT = 256;

function png(options) {
	const key = `${options.width}x${options.height}:${options.seed}:${options.paddingBytes}`;
	let body = PNGS.get(key);
	if (!body) {
		if (PNGS.size >= PNGS_KEPT) PNGS.clear();
		body = writePng(options);
		PNGS.set(key, body);
	}
	return body;
}

function render(job, index, paddingBytes) {
	if (job.kind === 'image') {
		const { width, height } = job.results[index];
		return {
			type: 'image/png',
			body: png({ width, height, seed: index + job.id.charCodeAt(0), paddingBytes }),
		};
	}
	if (job.kind === 'video') {
		const r = job.result;
		return {
			type: 'video/mp4',
			body: writeMp4({ width: r.width, height: r.height, durationMs: r.duration_ms, paddingBytes }),
		};
	}
	return { type: 'audio/mpeg', body: writeMp3(job.audioMs) };
}

module.exports = { Links, DAY_MS };
