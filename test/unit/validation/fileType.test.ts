import {
	sniffAudioType,
	sniffImageType,
	sniffVideoType,
	UPLOAD_LIMITS,
} from '../../../nodes/MediaGeneration/validation/fileType';
import { writePng } from '../../../harness/fake-service/media/png';
import { writeMp4 } from '../../../harness/fake-service/media/mp4';

describe('media types by content', () => {
	test('images', () => {
		expect(sniffImageType(writePng({ width: 2, height: 2 }))?.mimeType).toBe('image/png');
		expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
		expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mimeType).toBe('image/webp');
		expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
		expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
	});
	test('videos', () => {
		expect(sniffVideoType(writeMp4({ width: 16, height: 16, durationMs: 1000 }))?.mimeType).toBe(
			'video/mp4',
		);
		expect(
			sniffVideoType(writeMp4({ width: 16, height: 16, durationMs: 1000, brand: 'mov' }))?.mimeType,
		).toBe('video/quicktime');
		expect(sniffVideoType(writePng({ width: 2, height: 2 }))).toBeUndefined();
		expect(sniffVideoType(Buffer.alloc(4))).toBeUndefined();
	});
});

describe('media types by their first bytes', () => {
	const bytes = (...parts: Array<string | number[]>) =>
		Buffer.concat(
			parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
		);

	test('each image type with its extension; a head too short for its signature is not one', () => {
		const png = bytes([0x89], 'PNG\r\n\x1a\n');
		expect(sniffImageType(png)).toEqual({ kind: 'image', mimeType: 'image/png', extension: 'png' });
		expect(sniffImageType(png.subarray(0, 7))).toBeUndefined();
		expect(sniffImageType(bytes([0x88], 'PNG\r\n\x1a\n'))).toBeUndefined();
		expect(sniffImageType(bytes([0x89], 'PNX\r\n\x1a\n'))).toBeUndefined();
		expect(sniffImageType(bytes([0xff, 0xd8, 0xff]))).toEqual({
			kind: 'image',
			mimeType: 'image/jpeg',
			extension: 'jpg',
		});
		expect(sniffImageType(bytes([0xff, 0xd8]))).toBeUndefined();
		expect(sniffImageType(bytes([0xff, 0xd9, 0xff]))).toBeUndefined();
		expect(sniffImageType(bytes([0xfe, 0xd8, 0xff]))).toBeUndefined();
		expect(sniffImageType(bytes([0xff, 0xd8, 0xfe]))).toBeUndefined();
		const webp = bytes('RIFF', [1, 2, 3, 4], 'WEBP');
		expect(sniffImageType(webp)).toEqual({
			kind: 'image',
			mimeType: 'image/webp',
			extension: 'webp',
		});
		expect(sniffImageType(webp.subarray(0, 11))).toBeUndefined();
		expect(sniffImageType(bytes('RIFX', [1, 2, 3, 4], 'WEBP'))).toBeUndefined();
	});

	test('MP4 and MOV by their first box, with their extensions; a head under 12 bytes is neither', () => {
		const mp4 = bytes([0, 0, 0, 20], 'ftypisom');
		expect(sniffVideoType(mp4)).toEqual({ kind: 'video', mimeType: 'video/mp4', extension: 'mp4' });
		expect(sniffVideoType(mp4.subarray(0, 11))).toBeUndefined();
		const mov = { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' };
		expect(sniffVideoType(bytes([0, 0, 0, 20], 'ftypqt  '))).toEqual(mov);
		for (const box of ['moov', 'mdat', 'wide', 'free', 'skip'])
			expect(sniffVideoType(bytes([0, 0, 0, 8], box, [0, 0, 0, 0]))).toEqual(mov);
		expect(sniffVideoType(bytes([0, 0, 0, 8], 'RIFF', 'AVI '))).toBeUndefined();
	});

	test('MP3: an ID3 tag or an MPEG frame header of 11 sync bits', () => {
		const mp3 = { kind: 'audio', mimeType: 'audio/mpeg', extension: 'mp3' };
		expect(sniffAudioType(bytes('ID3'))).toEqual(mp3);
		expect(sniffAudioType(bytes([0xff, 0xfb]))).toEqual(mp3);
		expect(sniffAudioType(bytes([0xff, 0xe0]))).toEqual(mp3);
		for (const head of [
			bytes('ID'),
			bytes('IDX'),
			bytes('XD3'),
			bytes('IX3'),
			bytes([0xff]),
			bytes([0xff, 0xdf]),
			bytes([0xfe, 0xfb]),
		])
			expect(sniffAudioType(head)).toBeUndefined();
	});

	test("each upload limit's label states the size it enforces", () => {
		for (const limit of Object.values(UPLOAD_LIMITS)) {
			expect(limit.label).toBe(`${limit.bytes / 1024 / 1024} MB`);
			expect(limit.types).toMatch(/\w+ or \w+/);
		}
	});
});
