'use strict';
/** Reads request bodies: JSON, and multipart/form-data with a size limit that still drains the socket. */
const { HttpError } = require('./errors');

function readAll(req, limit) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		let over = false;
		req.on('data', (c) => {
			size += c.length;
			if (size > limit) over = true;
			if (!over) chunks.push(c);
		});
		req.on('end', () => resolve({ data: over ? undefined : Buffer.concat(chunks), size, over }));
		req.on('error', reject);
	});
}

async function readJson(req) {
	const { data, over } = await readAll(req, 10 * 1024 * 1024);
	if (over) throw new HttpError(413, 'Request body too large.');
	if (!data.length)
		throw new HttpError(422, [{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
	try {
		const parsed = JSON.parse(data.toString('utf8'));
		if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
			throw new Error('not an object');
		}
		return parsed;
	} catch {
		throw new HttpError(422, [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
	}
}

/** @returns {Promise<Record<string, {data:Buffer, filename?:string, contentType?:string}>>} */
async function readMultipart(req, limit, tooLargeMessage) {
	const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
	if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '') || !m) {
		throw new HttpError(422, [
			{ loc: ['body'], msg: 'Expected multipart/form-data', type: 'value_error' },
		]);
	}
	// allow a little room for the multipart envelope around the file
	const { data, over } = await readAll(req, limit + 64 * 1024);
	if (over) throw new HttpError(413, tooLargeMessage);
	const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
	const parts = {};
	let at = data.indexOf(boundary);
	while (at !== -1) {
		const headStart = at + boundary.length + 2;
		const headEnd = data.indexOf('\r\n\r\n', headStart);
		if (headEnd === -1) break;
		const next = data.indexOf(Buffer.concat([Buffer.from('\r\n'), boundary]), headEnd);
		if (next === -1) break;
		const head = data.toString('utf8', headStart, headEnd);
		const name = /name="([^"]*)"/i.exec(head)?.[1];
		if (name !== undefined) {
			parts[name] = {
				data: data.subarray(headEnd + 4, next),
				filename: /filename="([^"]*)"/i.exec(head)?.[1],
				contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
			};
		}
		at = next + 2;
	}
	return parts;
}

module.exports = { readJson, readMultipart };
