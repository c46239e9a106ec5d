import { readHead, countRest } from '../../../nodes/MediaGeneration/transport/streamHead';

import { Readable, bytes, chunked, within, arrivedWhole, closed } from '../../support/streams';

/**
 * How an upload reads a file n8n stored (transport/binaryInput.ts): its first bytes, to recognise
 * the type, then the rest, counted, for the multipart body's exact length.
 */
describe('readHead and countRest (uploads): the first bytes, and the exact length of the whole', () => {
	const data = bytes(100_000, 3);
	const whole = bytes(9464, 5);
	const small = bytes(20);

	test.each([
		['100 kB in chunks of 1000 bytes', () => chunked(data, 1000), data, false],
		[
			'a whole small file in its first chunk, its source already ended',
			() => arrivedWhole(whole),
			whole,
			false,
		],
		[
			'a file shorter than the head, read whole with ended set',
			() => chunked(small, 8),
			small,
			true,
		],
	])('%s', async (_name, source, file, ended) => {
		const start = await readHead(await source(), 64);
		expect(start.ended).toBe(ended);
		expect(start.head.equals(file.subarray(0, 64))).toBe(true);
		const count = await within(countRest(start), 'the count never ended');
		expect(count).toEqual({ bytes: file.length, complete: true });
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

	test('an error after the head is passed on by the count', async () => {
		let sent = 0;
		const source = new Readable({
			read() {
				if (sent++ < 3) this.push(bytes(1000));
				else this.destroy(new Error('aborted'));
			},
		});
		await expect(countRest(await readHead(source, 64))).rejects.toThrow('aborted');
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
