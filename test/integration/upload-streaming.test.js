'use strict';
/**
 * Uploads stream from n8n's binary storage: a 90 MB video kept on disk (filesystem mode, a regular
 * instance's default) reaches the service byte for byte without being read into memory, and a
 * service that answers before it has read the body is heard, not mistaken for a network error.
 */
const { createHash } = require('node:crypto');
const { binaryDataService } = require('../support/binary-data');
const { MB, video, openFilesAfterClose, useStoredVideo } = require('../support/stored-video');

const { ref, upload, uploads, stored } = useStoredVideo();
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

describe('a 90 MB video kept in n8n binary storage', () => {
	test('is stored as a file, not in the item (the case that must stream)', () => {
		expect(stored().id).toMatch(/^filesystem-v2:/);
		expect(video.length).toBeGreaterThan(90 * MB);
	});

	test('reaches the service byte for byte, with its exact length, from a stream', async () => {
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			video_id: expect.any(String),
			duration_ms: 2000,
			bytes: video.length,
		});
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			bytes: video.length,
			sha256: sha256(video),
		});
	});

	test('is read once: its first bytes to check its type, then the whole file as it is sent', async () => {
		const service = await binaryDataService();
		const reads = jest.spyOn(Object.getPrototypeOf(service), 'getAsStream');
		try {
			const { error } = await upload();
			expect(error).toBeUndefined();
			// one read of the first bytes (in a chunk of their own size), one of the whole file
			expect(reads.mock.calls.map(([, chunkSize]) => chunkSize)).toEqual([64, 256 * 1024]);
		} finally {
			reads.mockRestore();
		}
	});

	test('asks the service whether it takes the body first (Expect: 100-continue)', async () => {
		const before = uploads().length;
		const { error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.headers.expect),
		).toEqual(['100-continue']);
	});

	test('10 bytes short of the size n8n recorded: sent and cut short of its Content-Length, never stored', async () => {
		const service = await binaryDataService();
		const recorded = video.length + 10;
		const metadata = jest
			.spyOn(Object.getPrototypeOf(service), 'getMetadata')
			.mockResolvedValue({ fileName: 'big.mp4', mimeType: 'video/mp4', fileSize: recorded });
		const before = uploads().length;
		const videos = ref.svc.state.videos.size;
		try {
			const { error } = await upload();
			expect(error.message).toBe(
				`Binary field "data" holds only ${video.length} of the ${recorded} bytes n8n recorded in its binary storage: the file was not stored whole, so the upload was stopped before its end and the service kept nothing`,
			);
			expect(uploads().length - before).toBe(1);
			expect(ref.svc.state.videos.size).toBe(videos);
			expect(await openFilesAfterClose()).toBe(0);
		} finally {
			metadata.mockRestore();
		}
	});
});
