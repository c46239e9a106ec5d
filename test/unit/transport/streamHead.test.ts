import { sleep } from 'n8n-workflow';

import { readHead, replay, countRest } from '../../../nodes/MediaGeneration/transport/streamHead';

import {
	Readable,
	bytes,
	chunked,
	collectWithDataListener,
	READERS,
	within,
	arrivedWhole,
	closed,
} from '../../support/streams';

/** The head read, then the rest handed on as a new stream, counted: what a download does. */
async function headThenStream(source: Readable) {
	const start = await readHead(source, 64);
	const count = { bytes: 0, complete: false };
	return { start, count, stream: Readable.from(replay(start, count)) };
}

describe('readHead and replay (uploads): the first bytes are read, and every byte is handed on', () => {
	const data = bytes(100_000, 3);

	test.each(READERS)(
		'%s gets every byte in order, and the count is exact',
		async (_name, consume) => {
			const { start, count, stream } = await headThenStream(chunked(data, 1000));
			expect(start.ended).toBe(false);
			expect(start.head).toEqual(data.subarray(0, 64));
			const all = await within(consume(stream), 'the stream never ended');
			expect(all.equals(data)).toBe(true);
			expect(count).toEqual({ bytes: data.length, complete: true });
		},
	);

	test('a whole small file in its first chunk, its source already ended, is handed on whole', async () => {
		const body = bytes(9464, 5);
		const { count, stream } = await headThenStream(await arrivedWhole(body));
		const all = await within(
			collectWithDataListener(stream),
			'the in-memory reader waited forever',
		);
		expect(all.equals(body)).toBe(true);
		expect(count).toEqual({ bytes: body.length, complete: true });
	});

	test('a file shorter than the head is read whole, with ended set', async () => {
		const small = bytes(20);
		const { start, count, stream } = await headThenStream(chunked(small, 8));
		expect(start.ended).toBe(true);
		expect(start.head.equals(small)).toBe(true);
		expect((await collectWithDataListener(stream)).equals(small)).toBe(true);
		expect(count).toEqual({ bytes: 20, complete: true });
	});

	test('an empty source gives an empty head and a count of 0', async () => {
		const start = await readHead(Readable.from([]), 64);
		expect(start).toMatchObject({ ended: true });
		expect(start.head.length).toBe(0);
		expect(await countRest(start)).toEqual({ bytes: 0, complete: true });
	});

	test('an error while reading the head is passed on', async () => {
		const stream = new Readable({
			read() {
				this.destroy(new Error('socket hang up'));
			},
		});
		await expect(readHead(stream, 64)).rejects.toThrow('socket hang up');
	});

	test('an error after the head reaches the next reader, and the count stays incomplete', async () => {
		let sent = 0;
		const source = new Readable({
			read() {
				if (sent++ < 3) this.push(bytes(1000));
				else this.destroy(new Error('aborted'));
			},
		});
		const { count, stream } = await headThenStream(source);
		await expect(collectWithDataListener(stream)).rejects.toThrow('aborted');
		expect(count.complete).toBe(false);
		expect(count.bytes).toBeLessThan(3000);
	});

	test('a reader that gives up midway lets go of the source', async () => {
		const source = chunked(data, 1000);
		const { stream } = await headThenStream(source);
		stream.read(5000);
		await sleep(20);
		stream.destroy();
		await within(closed(source), 'the source stayed open');
	});

	test('countRest stops at its limit and lets go of the source', async () => {
		const source = chunked(data, 1000);
		const counted = await countRest(await readHead(source, 64), 4000);
		expect(counted.complete).toBe(false);
		expect(counted.bytes).toBeGreaterThan(4000);
		expect(counted.bytes).toBeLessThanOrEqual(5000);
		await within(closed(source), 'the source stayed open');
	});
});
