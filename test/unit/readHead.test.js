'use strict';
const { Readable } = require('node:stream');
const { readHead } = require('../../dist/nodes/MediaGeneration/engine/download');

const bytes = (n, seed = 0) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 256));

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

describe('readHead: sniffing the first bytes leaves the stream whole for the next reader', () => {
	const data = bytes(100_000, 3);

	test.each([
		['a data listener (in-memory binary mode)', collectWithDataListener],
		['async iteration', async (s) => Buffer.concat(await s.toArray())],
		['pipe', (s) => new Promise((resolve) => {
			const chunks = [];
			const sink = new (require('node:stream').Writable)({ write(c, _e, cb) { chunks.push(c); cb(); } });
			sink.on('finish', () => resolve(Buffer.concat(chunks)));
			s.pipe(sink);
		})],
	])('%s gets every byte in order', async (_name, consume) => {
		const stream = chunked(data, 1000);
		const { head, ended } = await readHead(stream, 64);
		expect(ended).toBe(false);
		expect(head.subarray(0, 64)).toEqual(data.subarray(0, 64));
		const all = await Promise.race([consume(stream), new Promise((_, reject) => setTimeout(() => reject(new Error('the stream never resumed')), 5000).unref())]);
		expect(all.equals(data)).toBe(true);
	});

	test('a data listener attached a while later still gets every byte', async () => {
		const stream = chunked(data, 4096);
		await readHead(stream, 64);
		await new Promise((r) => setTimeout(r, 50));
		expect((await collectWithDataListener(stream)).equals(data)).toBe(true);
	});

	test('a file shorter than the head is returned whole, with ended set', async () => {
		const small = bytes(20);
		const { head, ended } = await readHead(chunked(small, 8), 64);
		expect(ended).toBe(true);
		expect(head.equals(small)).toBe(true);
	});

	test('an error while reading the head is passed on', async () => {
		const stream = new Readable({ read() { this.destroy(new Error('socket hang up')); } });
		await expect(readHead(stream, 64)).rejects.toThrow('socket hang up');
	});
});
