import { sniffImageType, sniffVideoType } from '../../../nodes/MediaGeneration/validation/fileType';
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
