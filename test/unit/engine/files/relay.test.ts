import { sleep } from 'n8n-workflow';

import { Relay } from '../../../../nodes/MediaGeneration/engine/files/relay';

import {
	Readable,
	bytes,
	chunked,
	collectWithDataListener,
	READERS,
	within,
	arrivedWhole,
	closed,
} from '../../../support/streams';

describe('Relay (downloads): the first bytes are read, and the whole body is handed on as a new stream', () => {
	const data = bytes(100_000, 3);

	test.each(READERS)(
		'%s gets every byte in order, and the count is exact',
		async (_name, consume) => {
			const relay = new Relay(chunked(data, 1000), 64);
			const { head, ended } = await relay.head();
			expect(ended).toBe(false);
			expect(head).toEqual(data.subarray(0, 64));
			const all = await within(consume(relay.stream()), 'the stream never ended');
			expect(all.equals(data)).toBe(true);
			expect(relay.count).toEqual({ bytes: data.length, complete: true });
		},
	);

	test('a whole small file in its first read, its source already ended, is handed on whole', async () => {
		const body = bytes(9464, 5);
		const relay = new Relay(await arrivedWhole(body), 64);
		await relay.head();
		const all = await within(
			collectWithDataListener(relay.stream()),
			'the in-memory reader waited forever',
		);
		expect(all.equals(body)).toBe(true);
		expect(relay.count).toEqual({ bytes: body.length, complete: true });
	});

	test('a file shorter than the head, and an empty one', async () => {
		const short = new Relay(chunked(bytes(20), 8), 64);
		expect((await short.head()).ended).toBe(true);
		expect((await collectWithDataListener(short.stream())).equals(bytes(20))).toBe(true);
		const empty = new Relay(Readable.from([]), 64);
		expect(await empty.head()).toEqual({ head: Buffer.alloc(0), ended: true });
		expect(await empty.measure(1000)).toEqual({ bytes: 0, complete: true });
	});

	test('an error before the head is thrown; one after it reaches the reader, and the count stays incomplete', async () => {
		const early = new Relay(
			new Readable({
				read() {
					this.destroy(new Error('socket hang up'));
				},
			}),
			64,
		);
		await expect(early.head()).rejects.toThrow('socket hang up');
		let sent = 0;
		const late = new Relay(
			new Readable({
				read() {
					void sleep(0).then(() =>
						sent++ < 3 ? this.push(bytes(1000)) : this.destroy(new Error('aborted')),
					);
				},
			}),
			64,
		);
		await late.head();
		await expect(collectWithDataListener(late.stream())).rejects.toThrow('aborted');
		expect(late.count.complete).toBe(false);
	});

	test.each(READERS)(
		'a body that breaks before %s listens ends its stream: no uncaught error, no wait, the count stays incomplete',
		async (_name, consume) => {
			// n8n's filesystem mode creates the file's folder before it reads; a cut connection can land in between
			const source = chunked(data, 1000);
			const relay = new Relay(source, 64);
			await relay.head();
			const body = relay.stream();
			source.destroy(new Error('aborted'));
			await sleep(20);
			const read = await within(
				consume(body).then(
					(all: Buffer) => all,
					(error: Error) => error,
				),
				'the reader waited forever',
			);
			if (read instanceof Error) expect(read.message).toBe('aborted');
			else expect(read.length).toBeLessThan(data.length);
			expect(relay.count.complete).toBe(false);
			expect(relay.failure?.message).toBe('aborted');
		},
	);

	test('a source that closes without an end or an error fails the reader instead of leaving it waiting', async () => {
		let sent = 0;
		const source = new Readable({
			read() {
				if (sent++ < 2) this.push(bytes(1000));
			},
			emitClose: true,
		});
		const relay = new Relay(source, 64);
		await relay.head();
		const reading = collectWithDataListener(relay.stream());
		void sleep(20).then(() => source.destroy());
		await expect(within(reading, 'the reader waited forever')).rejects.toThrow(
			/closed before the file ended/,
		);
	});

	test('measure reads up to its limit and lets go of the source', async () => {
		const source = chunked(data, 1000);
		const relay = new Relay(source, 64);
		await relay.head();
		const size = await relay.measure(4000);
		expect(size.complete).toBe(false);
		expect(size.bytes).toBeGreaterThan(4000);
		await within(closed(source), 'the source stayed open');
	});

	test('a reader that gives up lets go of the source', async () => {
		const source = chunked(data, 1000);
		const relay = new Relay(source, 64);
		await relay.head();
		relay.stream().destroy();
		await within(closed(source), 'the source stayed open');
	});
});
