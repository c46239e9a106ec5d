'use strict';
/** Writes answers: JSON, HTML or raw bodies with their length, a gzip-encoded file, a cut-off one. */
const { gzipSync } = require('node:zlib');

function sendRaw(res, status, type, body, headers = {}) {
	res.writeHead(status, {
		'Content-Type': type,
		'Content-Length': Buffer.byteLength(body),
		...headers,
	});
	res.end(body);
}

function send(res, status, body, headers = {}) {
	sendRaw(res, status, 'application/json', JSON.stringify(body), headers);
}

function sendHtml(res, status, html, headers = {}) {
	sendRaw(res, status, 'text/html; charset=UTF-8', html, headers);
}

/** Sends `body` gzip-encoded, its Content-Length that of the encoded bytes; returns that length. */
function sendGzipped(res, type, body) {
	const packed = gzipSync(body);
	res.writeHead(200, {
		'Content-Type': type,
		'Content-Encoding': 'gzip',
		'Content-Length': packed.length,
	});
	res.end(packed);
	return packed.length;
}

/**
 * Declares the whole of `body` but sends only its first half, then closes the connection, as a
 * host that fails mid-file does; returns the bytes sent.
 */
function sendHalf(req, res, type, body) {
	res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
	const half = Math.floor(body.length / 2);
	res.write(body.subarray(0, half));
	setTimeout(() => req.socket.destroy(), 20);
	return half;
}

module.exports = { send, sendHtml, sendRaw, sendGzipped, sendHalf };
