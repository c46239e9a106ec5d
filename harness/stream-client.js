'use strict';
/**
 * A client of n8n's streamed answers (a Webhook with Response Mode "Streaming", a Chat Trigger):
 * n8n writes each chunk a node sends as one JSON line and flushes it. The client reads the answer
 * as it arrives and notes when each line came, so that a test can tell lines sent while a job
 * runs from lines sent all at once at the end.
 */
const { now } = require('./clock');

/**
 * Sorts one line of the answer: a chunk (an object with a string `type`), n8n's keepalive (dropped),
 * or anything else (kept as text, e.g. the JSON body of an answer that was not streamed).
 */
function sortLine(line, at, into, onChunk) {
	if (!line.trim()) return;
	let parsed;
	try {
		parsed = JSON.parse(line);
	} catch {
		into.other.push({ at, line });
		return;
	}
	if (typeof parsed?.type !== 'string') into.other.push({ at, line });
	else if (parsed.type === 'keepalive') into.keepalives += 1;
	else {
		const chunk = { at, receivedAt: now(), ...parsed };
		into.chunks.push(chunk);
		onChunk?.(chunk);
	}
}

/**
 * A streamed body as it arrives: for each piece read, its text and the records it ended (the text
 * before each `separator`); last, what followed the final separator, as one more record.
 */
async function* streamedRecords(body, separator) {
	const decoder = new TextDecoder();
	let pending = '';
	for await (const bytes of body ?? []) {
		const text = decoder.decode(bytes, { stream: true });
		const records = (pending + text).split(separator);
		pending = records.pop();
		yield { text, records };
	}
	const text = decoder.decode();
	yield { text, records: [pending + text] };
}

/**
 * POSTs `body` as JSON to `url` and reads the answer to its end.
 * @param {string} url
 * @param {object} body
 * @param {object} [options]
 * @param {number} [options.timeoutMs] when to give up (the request is aborted)
 * @param {(chunk: object) => void} [options.onChunk] called with each chunk as it arrives
 * @returns {Promise<{status: number, contentType: string, text: string, chunks: object[],
 *   other: {at: number, line: string}[], keepalives: number, endedAt: number}>} every chunk
 *   parsed, in order, with `at`: the ms from the request to the arrival of the bytes that ended
 *   its line, and `receivedAt`: that arrival on the tests' clock (harness/clock.js, the fake
 *   service's); `other` the lines that are not chunks; `endedAt` when the answer ended
 */
async function streamPost(url, body, { timeoutMs = 150_000, onChunk } = {}) {
	const started = performance.now();
	const since = () => Math.round(performance.now() - started);
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(timeoutMs),
	});
	const into = { chunks: [], other: [], keepalives: 0 };
	let text = '';
	for await (const read of streamedRecords(res.body, '\n')) {
		const at = since();
		text += read.text;
		for (const line of read.records) sortLine(line, at, into, onChunk);
	}
	const endedAt = since();
	return {
		status: res.status,
		contentType: res.headers.get('content-type') ?? '',
		text,
		...into,
		endedAt,
	};
}

/**
 * The lines our node streamed in one run, checked against n8n's framing of a node's chunks: one
 * `begin` first and one `end` last (both empty), `item` chunks between, all with this node's
 * name and item index 0, and no `error`. Each item holds one line of text and a blank line (a
 * paragraph each in the Markdown n8n's chat renders). Throws, naming what it saw, otherwise.
 * @returns {object[]} the `item` chunks
 */
function nodeLines(chunks, nodeName) {
	const shape = chunks.map((c) => [c.type, c.metadata?.nodeName, c.metadata?.itemIndex]);
	const wrong = [];
	if (chunks.length < 2) wrong.push('fewer than two chunks');
	if (shape.some(([, name, index]) => name !== nodeName || index !== 0))
		wrong.push(`a chunk not of ${nodeName}, item 0`);
	const types = shape.map(([type]) => type).join(' ');
	if (!/^begin( item)* end$/.test(types)) wrong.push(`types "${types}"`);
	const ends = [chunks[0], chunks.at(-1)];
	if (ends.some((c) => c?.content !== '')) wrong.push('a begin or end with content');
	const lines = chunks.slice(1, -1);
	if (lines.some((c) => !/^[^\n]+\n\n$/.test(c.content))) wrong.push('an item not one paragraph');
	if (wrong.length)
		throw new Error(
			`Not one framed run of ${nodeName} (${wrong.join('; ')}): ${JSON.stringify(chunks)}`,
		);
	return lines;
}

/** The index of the first line that holds every text and matches every pattern given, or -1. */
function lineIndex(lines, ...wanted) {
	const holds = (content, w) => (typeof w === 'string' ? content.includes(w) : w.test(content));
	return lines.findIndex((l) => wanted.every((w) => holds(l.content, w)));
}

module.exports = { streamPost, streamedRecords, nodeLines, lineIndex };
