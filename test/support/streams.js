'use strict';
/** Streams for the tests of the node's stream readers: sources like a socket, readers like n8n's. */
const { Readable, Writable } = require('node:stream');
const http = require('node:http');

/** `n` bytes of a pattern that shifts with `seed`. */
const bytes = (n, seed = 0) =>
	Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 256));

/** A stream that hands out its data in chunks, a few at a time, like a socket. */
function chunked(data, size) {
	let offset = 0;
	return new Readable({
		read() {
			setImmediate(() => {
				if (offset >= data.length) return this.push(null);
				this.push(data.subarray(offset, offset + size));
				offset += size;
			});
		},
	});
}

/** How n8n's in-memory binary mode reads a stream: a 'data' listener, nothing else. */
function collectWithDataListener(stream) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		stream.on('data', (c) => chunks.push(c));
		stream.once('end', () => resolve(Buffer.concat(chunks)));
		stream.once('error', reject);
	});
}

/** The ways n8n's binary data modes read a stream: [name, read it all into one buffer]. */
const READERS = [
	['a data listener (in-memory binary mode)', collectWithDataListener],
	['async iteration (filesystem mode on n8n 1.x)', async (s) => Buffer.concat(await s.toArray())],
	[
		'pipe',
		(s) =>
			new Promise((resolve) => {
				const chunks = [];
				const sink = new Writable({
					write(c, _e, cb) {
						chunks.push(c);
						cb();
					},
				});
				sink.on('finish', () => resolve(Buffer.concat(chunks)));
				s.pipe(sink);
			}),
	],
];

/** `promise`, or a rejection saying `what` after 5 s. */
const within = (promise, what) =>
	Promise.race([
		promise,
		new Promise((_, reject) => setTimeout(() => reject(new Error(what)), 5000).unref()),
	]);

/** A response body of `body`, read after it has fully arrived (headers and body in one read). */
async function arrivedWhole(body) {
	const server = http.createServer((_req, res) =>
		res.writeHead(200, { 'Content-Length': body.length }).end(body),
	);
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const response = await new Promise((resolve) =>
		http.get(`http://127.0.0.1:${server.address().port}/`, resolve),
	);
	await new Promise((r) => setTimeout(r, 50));
	server.close();
	return response;
}

/** Resolves once `stream` is closed. */
const closed = (stream) => new Promise((r) => (stream.destroyed ? r() : stream.once('close', r)));

// Readable is handed on for the TypeScript tests, which import Node.js only through helpers
module.exports = {
	Readable,
	bytes,
	chunked,
	collectWithDataListener,
	READERS,
	within,
	arrivedWhole,
	closed,
};
