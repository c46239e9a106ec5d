'use strict';
/** How the streaming clients cut a streamed body into records as it arrives (stream-client.js). */
const { streamedRecords } = require('../../../harness/stream-client');

/** Every read of a body whose pieces are texts or bytes. */
async function readAll(pieces, separator) {
	const body = pieces.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
	const reads = [];
	for await (const read of streamedRecords(body, separator)) reads.push(read);
	return reads;
}

test('each read gives its text and the records it ended; the rest comes last', async () => {
	expect(await readAll(['a\nb', 'c\n', 'd'], '\n')).toEqual([
		{ text: 'a\nb', records: ['a'] },
		{ text: 'c\n', records: ['bc'] },
		{ text: 'd', records: [] },
		{ text: '', records: ['d'] },
	]);
});

test('a separator of two characters split across reads, and a character split across bytes', async () => {
	const euro = new TextEncoder().encode('€');
	const reads = await readAll(['data: 1\n', '\ndata: ', euro.slice(0, 1), euro.slice(1)], '\n\n');
	expect(reads.flatMap((r) => r.records)).toEqual(['data: 1', 'data: €']);
	expect(reads.map((r) => r.text).join('')).toBe('data: 1\n\ndata: €');
});
