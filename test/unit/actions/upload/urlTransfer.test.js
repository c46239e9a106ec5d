'use strict';
const http = require('node:http');
const { Readable } = require('node:stream');
const { letGo } = require('../../../../nodes/MediaGeneration/actions/upload/urlTransfer');

/**
 * A host that declares a large file, sends its first bytes and then waits, as a real host does
 * while the reader does not read: `closed` resolves once the connection to it is closed.
 */
async function largeFileHost() {
	let closed;
	const server = http.createServer((_req, res) => {
		closed = new Promise((resolve) => res.socket?.once('close', () => resolve()));
		res.writeHead(200, { 'Content-Length': 50 * 1048576, 'Content-Type': 'image/png' });
		res.write(Buffer.alloc(65536));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${server.address().port}/huge.png`;
	const response = await new Promise((resolve) => http.get(url, resolve));
	return { response, closed: () => closed, stop: () => server.close() };
}

const soon = (ms) => new Promise((resolve) => setTimeout(() => resolve('still open'), ms).unref());

describe('letGo: a body that is not to be read', () => {
	test('closes the connection when the HTTP client wrapped the body and has not read it', async () => {
		const host = await largeFileHost();
		// how axios hands over a stream it holds to a size limit: a wrapper that reads on demand
		const wrapped = Readable.from(
			(async function* () {
				for await (const chunk of host.response) yield chunk;
			})(),
		);
		await letGo(wrapped);
		expect(await Promise.race([host.closed().then(() => 'closed'), soon(2000)])).toBe('closed');
		host.stop();
	});

	test('closes the connection of a plain response too', async () => {
		const host = await largeFileHost();
		await letGo(host.response);
		expect(await Promise.race([host.closed().then(() => 'closed'), soon(2000)])).toBe('closed');
		host.stop();
	});
});
