'use strict';
// n8n's in-memory binary mode ("default"): the mode of the CLI's `execute` with
// N8N_DEFAULT_BINARY_DATA_MODE=default, and of instances that keep binaries in memory. n8n reads
// a stream there with a 'data' listener only, so a download must leave its stream ready for that.
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'default';

const { useFakeService } = require('../support/fake');
const { runWorkflow, mediaNode, nodeResult } = require('../support/run-workflow');
const { sniffImage } = require('../fake-service/media/sniff');
const { readMp4 } = require('../fake-service/media/mp4');
const { FAST } = require('../support/media');

const ref = useFakeService();
const credentials = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

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
});
