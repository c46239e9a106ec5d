import { writeMp4 } from '../../../harness/fake-service/media/mp4';
import {
	MOOV_LIMIT,
	movieDurationMs,
	VideoLength,
} from '../../../nodes/MediaGeneration/validation/videoLength';

/** The top-level boxes of an MP4, in order. */
function topBoxes(file: Buffer): Array<{ type: string; bytes: Buffer }> {
	const boxes = [];
	for (let at = 0; at < file.length; ) {
		const size = file.readUInt32BE(at);
		boxes.push({
			type: file.toString('latin1', at + 4, at + 8),
			bytes: file.subarray(at, at + size),
		});
		at += size;
	}
	return boxes;
}

/** Feeds `file` in slices of `size` bytes. */
function lengthOf(file: Buffer, size: number): number | undefined {
	const reader = new VideoLength();
	for (let at = 0; at < file.length; at += size) reader.feed(file.subarray(at, at + size));
	return reader.durationMs;
}

const clip = writeMp4({ width: 64, height: 36, durationMs: 75_000, paddingBytes: 20_000 });

describe('the length of a video, read as it streams', () => {
	test('the movie header before the media, in slices of any size', () => {
		expect(topBoxes(clip).map((b) => b.type)).toEqual(expect.arrayContaining(['ftyp', 'moov']));
		for (const size of [1, 3, 7, 8, 13, 64, 4096, clip.length])
			expect(lengthOf(clip, size)).toBe(75_000);
	});

	test('the movie header after the media (a camera file), and after a box of 64-bit size', () => {
		const boxes = topBoxes(clip);
		const moov = boxes.find((b) => b.type === 'moov')!;
		const others = boxes.filter((b) => b !== moov);
		const last = Buffer.concat([...others.map((b) => b.bytes), moov.bytes]);
		for (const size of [5, 100, 65536]) expect(lengthOf(last, size)).toBe(75_000);

		const free = Buffer.alloc(16 + 1000);
		free.writeUInt32BE(1, 0);
		free.write('free', 4, 'latin1');
		free.writeBigUInt64BE(BigInt(free.length), 8);
		const wide = Buffer.concat([others[0].bytes, free, moov.bytes]);
		for (const size of [9, 17, 333]) expect(lengthOf(wide, size)).toBe(75_000);
	});

	test('version 1 movie headers (64-bit times)', () => {
		const mvhd = Buffer.alloc(8 + 4 + 16 + 4 + 8);
		mvhd.writeUInt32BE(mvhd.length, 0);
		mvhd.write('mvhd', 4, 'latin1');
		mvhd[8] = 1;
		mvhd.writeUInt32BE(600, 28);
		mvhd.writeBigUInt64BE(BigInt(600 * 42), 32);
		expect(movieDurationMs(mvhd)).toBe(42_000);
	});

	test('no movie header, a broken box, or one too large to keep: unknown', () => {
		const ftyp = topBoxes(clip)[0].bytes;
		expect(lengthOf(ftyp, 8)).toBeUndefined();
		const broken = Buffer.from(ftyp);
		broken.writeUInt32BE(3, 0);
		expect(lengthOf(Buffer.concat([broken, clip]), 64)).toBeUndefined();
		const huge = Buffer.alloc(8);
		huge.writeUInt32BE(MOOV_LIMIT + 1, 0);
		huge.write('moov', 4, 'latin1');
		expect(lengthOf(huge, 8)).toBeUndefined();
	});
});

/** A box: its 32-bit size, its type and its body. */
function box(type: string, ...body: Buffer[]): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(8 + body.reduce((n, b) => n + b.length, 0), 0);
	head.write(type, 4, 'latin1');
	return Buffer.concat([head, ...body]);
}

/** A movie header, version 0 (32-bit times), cut after its duration: all a reader needs. */
function mvhd0(timescale: number, duration: number): Buffer {
	const body = Buffer.alloc(20);
	body.writeUInt32BE(timescale, 12);
	body.writeUInt32BE(duration, 16);
	return box('mvhd', body);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1'));

describe('the movie header, found wherever the file puts it', () => {
	test('after other boxes of the movie, an empty one among them', () => {
		const moov = box('moov', box('free'), box('udta', Buffer.alloc(200)), mvhd0(1000, 4321));
		expect(movieDurationMs(moov.subarray(8))).toBe(4321);
		const file = Buffer.concat([ftyp, box('free'), moov]);
		for (const size of [1, 7, 64, 250, file.length]) expect(lengthOf(file, size)).toBe(4321);
	});

	test('version 0 and version 1 headers cut right after the duration are read; shorter ones are not', () => {
		const v0 = mvhd0(600, 600 * 3);
		expect(movieDurationMs(v0)).toBe(3000);
		expect(movieDurationMs(v0.subarray(0, 27))).toBeUndefined();
		const v1 = Buffer.alloc(40);
		v1.writeUInt32BE(40, 0);
		v1.write('mvhd', 4, 'latin1');
		v1[8] = 1;
		v1.writeUInt32BE(100, 28);
		v1.writeBigUInt64BE(250n, 32);
		expect(movieDurationMs(v1)).toBe(2500);
		expect(movieDurationMs(v1.subarray(0, 39))).toBeUndefined();
	});

	test('no header among the boxes, a box under 8 bytes, or a timescale of 0: unknown', () => {
		expect(movieDurationMs(Buffer.concat([box('free'), Buffer.from([0, 0])]))).toBeUndefined();
		expect(
			movieDurationMs(Buffer.concat([Buffer.from([0, 0, 0, 4]), mvhd0(1000, 5000)])),
		).toBeUndefined();
		expect(movieDurationMs(mvhd0(0, 5000))).toBeUndefined();
	});

	test('the first movie box decides: one without a header leaves the length unknown', () => {
		const file = Buffer.concat([ftyp, box('moov', box('free')), box('moov', mvhd0(1000, 5000))]);
		expect(lengthOf(file, 64)).toBeUndefined();
	});

	test('a broken box stops the reading, whatever follows it', () => {
		const broken = Buffer.from(box('free'));
		broken.writeUInt32BE(3, 0);
		const moov = box('moov', mvhd0(1000, 5000), box('free', Buffer.alloc(16)));
		expect(lengthOf(Buffer.concat([broken, moov]), 64)).toBeUndefined();
	});

	test('a movie header of MOOV_LIMIT bytes is read, a larger one is not; other boxes may be larger', () => {
		const moovOf = (size: number) =>
			box('moov', mvhd0(1000, 5000), box('free', Buffer.alloc(size - 8 - 28 - 8)));
		expect(lengthOf(moovOf(MOOV_LIMIT), 65536)).toBe(5000);
		expect(lengthOf(moovOf(MOOV_LIMIT + 1), 65536)).toBeUndefined();
		const media = box('mdat', Buffer.alloc(MOOV_LIMIT));
		expect(lengthOf(Buffer.concat([ftyp, media, box('moov', mvhd0(1000, 5000))]), 65536)).toBe(
			5000,
		);
	});
});
