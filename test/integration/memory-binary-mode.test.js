'use strict';
// n8n's in-memory binary mode ("default"): the mode of the CLI's `execute` with
// N8N_DEFAULT_BINARY_DATA_MODE=default, and of instances that keep binaries in memory. n8n reads
// a stream there with a 'data' listener only, so a download must leave its stream ready for that.
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'default';

const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { storeBinary } = require('../support/binary-data');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { FAST } = require('../support/media');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService();
const credentials = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

describe('the mode of this suite', () => {
	test('n8n-core keeps binaries in memory here: the file inlined as base64, no id', async () => {
		// an n8n-core without this mode (n8n 3.0) stores on disk instead: then this suite tests nothing of it
		const stored = await storeBinary(Buffer.from('kept in memory'), {
			mimeType: 'text/plain',
			fileName: 'memory.txt',
		});
		expect(stored.id).toBeUndefined();
		expect(Buffer.from(stored.data, 'base64').toString()).toBe('kept in memory');
	});
});

describe('downloads in the in-memory binary mode', () => {
	test('an image and a video arrive whole, as base64 in the item', async () => {
		const nodes = [
			mediaNode('Image', {
				resource: 'image',
				operation: 'generate',
				prompt: 'A red fox',
				model: 'flux-pro',
				resolution: '720p',
				options: FAST,
			}),
			mediaNode('Video', {
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: 'Rain',
				model: 'motion-fast',
				duration: 5,
				options: FAST,
			}),
		];
		const run = await runWorkflow({ nodes, credentials: credentials() });
		const image = nodeResult(run, 'Image');
		expect(image.error).toBeUndefined();
		const png = image.items[0].binary.data;
		expect(png.id).toBeUndefined();
		expect(sniffImage(Buffer.from(png.data, 'base64'))).toMatchObject({
			type: 'png',
			width: image.items[0].json.width,
		});
		const video = nodeResult(run, 'Video');
		expect(video.error).toBeUndefined();
		const mp4 = Buffer.from(video.items[0].binary.data.data, 'base64');
		expect(video.items[0].binary.data.bytes).toBe(mp4.length);
		expect(readMp4(mp4)).toMatchObject({ hasVideo: true, durationMs: 5000 });
	});

	test('a reference fetched by link is kept in memory and uploaded whole', async () => {
		const run = await runWorkflow({
			nodes: [
				mediaNode(
					'Video',
					{
						resource: 'video',
						operation: 'generate',
						mode: 'image',
						prompt: 'Animate @Image 1',
						model: { __rl: true, mode: 'list', value: 'motion-fast' },
						startFrameUrl: ref.svc.hostedUrl('frame.png'),
						waitForCompletion: false,
					},
					{ typeVersion: 3 },
				),
			],
			credentials: credentials(),
		});
		const { items, error } = nodeResult(run, 'Video');
		expect(error).toBeUndefined();
		expect(items[0].json.job_id).toEqual(expect.any(String));
		const create = ref.svc.state.requests.filter((r) => r.route === 'POST /video').at(-1);
		const frame = ref.svc.state.images.get(create.body.start_frame_image_id);
		const hosted = ref.svc.hosted.get('frame.png').body;
		expect(frame).toMatchObject({ width: 1280, height: 720, bytes: hosted.length });
	});
});

describe('a workflow on execution logic v2 in the in-memory binary mode', () => {
	// n8n moves only stored binaries into the item's JSON: this mode leaves every file in
	// item.binary, where a binary field is found by its plain name
	const V2 = { binaryMode: 'combined' };
	const pngFile = (width) => ({
		data: writePng({ width, height: 8 }).toString('base64'),
		mimeType: 'image/png',
		fileName: `${width}.png`,
	});
	const run = async (parameters, binary) =>
		nodeResult(
			await runWorkflow({
				nodes: [mediaNode('Media', parameters)],
				items: [{ json: {}, binary }],
				credentials: credentials(),
				settings: V2,
			}),
			'Media',
		);

	test('reference images by plain name; the image stays in item.binary, as base64', async () => {
		const { items, error } = await run(
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'Combine @Image 1 and @Image 2',
				model: 'flux-pro',
				resolution: '720p',
				referenceImageFields: 'img, img2',
				options: FAST,
			},
			{ img: pngFile(12), img2: pngFile(13) },
		);
		expect(error).toBeUndefined();
		expect(ref.svc.state.jobs.get(items[0].json.job_id).request.reference_image_ids).toHaveLength(
			2,
		);
		expect(items[0].json._files).toBeUndefined();
		expect(sniffImage(Buffer.from(items[0].binary.data.data, 'base64')).type).toBe('png');
	});

	test('Upload by plain name; a name not found lists the plain names', async () => {
		const upload = { resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' };
		const found = await run(upload, { data: pngFile(14) });
		expect(found.error).toBeUndefined();
		expect(found.items[0].json).toMatchObject({ width: 14, mime_type: 'image/png' });
		const missing = await run(upload, { photo: pngFile(15) });
		expect(missing.error.message).toBe(
			'Input Binary Field: the input item has no binary field "data"; it has: photo',
		);
	});
});
