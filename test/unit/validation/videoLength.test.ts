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
