'use strict';
const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const item = (buf, fileName, mimeType, field = 'data') => ({
	json: { name: fileName },
	binary: { [field]: { data: buf.toString('base64'), mimeType, fileName } },
});

async function run(operation, items, extra = {}, params = {}) {
	const node = mediaNode(
		'Media',
		{ resource: 'upload', operation, binaryPropertyName: 'data', ...params },
		extra,
	);
	return nodeResult(await runWorkflow({ nodes: [node], items, credentials: creds() }), 'Media');
}
const uploadCount = () => ref.svc.state.requests.filter((r) => /upload/.test(r.path)).length;

describe('Upload resource', () => {
	test('Upload Image: type by content, not by name; outputs image_id, width, height', async () => {
		const { items, error } = await run('uploadImage', [
			item(writePng({ width: 30, height: 20 }), 'notes.txt', 'text/plain'),
		]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			image_id: expect.any(String),
			width: 30,
			height: 20,
			mime_type: 'image/png',
			file_name: 'notes.txt',
		});
		expect(ref.svc.state.images.get(items[0].json.image_id).owner).toBe('alice');
	});

	test('Upload Video: outputs video_id, duration_ms, width, height', async () => {
		const { items } = await run('uploadVideo', [
			item(writeMp4({ width: 96, height: 54, durationMs: 3000 }), 'clip.mp4', 'video/mp4'),
		]);
		expect(items[0].json).toMatchObject({
			video_id: expect.any(String),
			duration_ms: 3000,
			width: 96,
			height: 54,
		});
	});

	test('a file of the wrong type is refused before anything is sent, naming the field and the types', async () => {
		const before = uploadCount();
		const { error } = await run('uploadImage', [
			item(Buffer.from('just text'), 'fake.png', 'image/png'),
		]);
		expect(error.message).toMatch(
			/Input Binary Field "data" is not a PNG, JPEG or WebP file.*allowed: PNG, JPEG or WebP/,
		);
		const video = await run('uploadVideo', [
			item(writePng({ width: 2, height: 2 }), 'x.mp4', 'video/mp4'),
		]);
		expect(video.error.message).toMatch(/MP4 or MOV/);
		expect(uploadCount()).toBe(before);
	});

	test('a file over 20 MB is refused before anything is sent', async () => {
		const before = uploadCount();
		const big = writePng({ width: 4, height: 4, paddingBytes: 21 * 1024 * 1024 });
		const { error } = await run('uploadImage', [item(big, 'big.png', 'image/png')]);
		expect(error.message).toMatch(/at most 20 MB/);
		expect(uploadCount()).toBe(before);
	});

	test('a missing binary field names the field', async () => {
		const { error } = await run('uploadImage', [{ json: {} }]);
		expect(error.message).toMatch(/data/);
	});

	test('with Continue On Fail, a bad item becomes an error item and the others upload', async () => {
		const items = [
			item(writePng({ width: 4, height: 4 }), 'a.png', 'image/png'),
			item(Buffer.from('nope'), 'b.png', 'image/png'),
			item(writePng({ width: 6, height: 6 }), 'c.png', 'image/png'),
		];
		const { items: out } = await run('uploadImage', items, { onError: 'continueRegularOutput' });
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2]);
		expect(out[0].json.width).toBe(4);
		expect(out[1].json.error).toMatch(/not a PNG/);
		expect(out[2].json.width).toBe(6);
	});
});
