'use strict';
/**
 * Reference files hosted on the web, as a user's own storage or a CDN would serve them: the node
 * takes reference images and videos by URL and fetches them before it uploads them. They are
 * served from the result files' origin (a second loopback address), which never needs the API
 * key: a request that carries one shows that the key travelled where it must not.
 *
 *   /hosted/frame.png           a 1280x720 PNG
 *   /hosted/end.png             another PNG (1280x720, other pixels)
 *   /hosted/clip.mp4            a 4 s H.264 MP4
 *   /hosted/long.mp4            a 75 s MP4, longer than uploads may be (60 s)
 *   /hosted/page.png            an HTML page served as image/png (the wrong type)
 *   /hosted/huge.png            a PNG of 21 MB, over the 20 MB uploads may be, with its length
 *   /hosted/huge-unsized.png    a PNG of 200 MB without a Content-Length (chunked): a reader
 *                               that does not stop at the limit is seen in `bytesSent`
 *   /hosted/cut.mp4             clip.mp4 declared whole, its connection closed halfway, every time
 *   /hosted/packed.png          frame.png sent gzip-encoded
 *   /hosted/moved.png           a redirect (302) to frame.png
 *   /hosted/unavailable.png     503 from the host, every time
 *   /hosted/gone.png            404
 * Tests may add their own with `svc.hosted.set(name, {type, body})`.
 */
const { now } = require('../clock');
const { writePng } = require('./media/png');
const { writeMp4 } = require('./media/mp4');
const { sendGzipped, sendHalf } = require('./answers');

const MB = 1024 * 1024;
/** over the 20 MB an image upload may be */
const HUGE_BYTES = 21 * MB;
/** far over it: what the host sent shows where its reader stopped */
const ENDLESS_BYTES = 200 * MB;

const PAGE =
	'<!doctype html><html><head><title>Sign in</title></head><body><p>Sign in to see this file.</p></body></html>';

/** The files every fake service hosts, made on first use (they are small but not free). */
function standardFiles() {
	const standard = (name) => files[name]();
	const files = {
		'frame.png': () => ({ type: 'image/png', body: writePng({ width: 1280, height: 720 }) }),
		'end.png': () => ({ type: 'image/png', body: writePng({ width: 1280, height: 720, seed: 7 }) }),
		'clip.mp4': () => ({
			type: 'video/mp4',
			body: writeMp4({ width: 640, height: 360, durationMs: 4000 }),
		}),
		'long.mp4': () => ({
			type: 'video/mp4',
			body: writeMp4({ width: 640, height: 360, durationMs: 75000 }),
		}),
		'page.png': () => ({ type: 'image/png', body: Buffer.from(PAGE) }),
		'huge.png': () => ({ type: 'image/png', streamed: HUGE_BYTES }),
		'huge-unsized.png': () => ({ type: 'image/png', streamed: ENDLESS_BYTES, unsized: true }),
		'cut.mp4': () => ({ ...standard('clip.mp4'), cut: true }),
		'packed.png': () => ({ ...standard('frame.png'), gzip: true }),
		'moved.png': () => ({ status: 302, location: '/hosted/frame.png' }),
		'unavailable.png': () => ({ status: 503 }),
		'gone.png': () => ({ status: 404 }),
	};
	return files;
}

class HostedFiles {
	constructor() {
		this.makers = standardFiles();
		this.cache = new Map();
		/** every request for a hosted file: {name, headers, status, bytesSent} */
		this.requests = [];
	}

	/** Hosts `file` ({type, body} or {status}) under /hosted/<name>. */
	set(name, file) {
		this.cache.set(name, file);
	}

	get(name) {
		if (!this.cache.has(name) && this.makers[name]) this.cache.set(name, this.makers[name]());
		return this.cache.get(name);
	}

	/** Answers a request for /hosted/<name>; false when the path is not a hosted file's. */
	handle(req, res, pathname) {
		const m = /^\/hosted\/([^/]+)$/.exec(pathname);
		if (!m) return false;
		const file = this.get(decodeURIComponent(m[1]));
		const entry = {
			name: m[1],
			time: now(),
			headers: { ...req.headers },
			status: 200,
			bytesSent: 0,
		};
		this.requests.push(entry);
		if (file?.location) {
			entry.status = file.status;
			res.writeHead(file.status, { Location: file.location });
			res.end();
			return true;
		}
		if (!file || file.status) {
			entry.status = file?.status ?? 404;
			const text = entry.status === 404 ? 'Not Found' : 'Service Unavailable';
			res.writeHead(entry.status, { 'Content-Type': 'text/plain' });
			res.end(text);
			return true;
		}
		if (file.streamed) {
			streamPng(res, file, entry);
			return true;
		}
		if (file.gzip) {
			entry.bytesSent = sendGzipped(res, file.type, file.body);
			return true;
		}
		if (file.cut) {
			entry.bytesSent = sendHalf(req, res, file.type, file.body);
			return true;
		}
		res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length });
		entry.bytesSent = file.body.length;
		res.end(file.body);
		return true;
	}
}

/**
 * A large file made as it is sent: a real PNG's first bytes, then zeros, 256 KB at a time with
 * back-pressure, so that a client that stops reading also stops the sending.
 */
function streamPng(res, file, entry) {
	const head = writePng({ width: 16, height: 16 });
	const headers = { 'Content-Type': file.type };
	if (!file.unsized) headers['Content-Length'] = file.streamed;
	res.writeHead(200, headers);
	const slice = Buffer.alloc(256 * 1024);
	let sent = 0;
	const more = () => {
		while (sent < file.streamed && !res.destroyed) {
			const chunk =
				sent === 0
					? Buffer.concat([head, slice]).subarray(0, Math.min(slice.length, file.streamed))
					: slice.subarray(0, Math.min(slice.length, file.streamed - sent));
			sent += chunk.length;
			entry.bytesSent = sent;
			if (!res.write(chunk)) return res.once('drain', more);
		}
		if (!res.destroyed) res.end();
	};
	more();
}

module.exports = { HostedFiles, HUGE_BYTES, ENDLESS_BYTES };
