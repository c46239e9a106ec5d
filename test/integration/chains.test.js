'use strict';
const { useFakeService } = require('../support/fake');
const { binaryItem, FAST } = require('../support/media');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { readBinary } = require('../support/binary-data');
const { readMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const credentials = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);

describe('outputs feed the next node', () => {
	test("an Image job's image_id becomes a video's start frame", async () => {
		const nodes = [
			mediaNode('Image', {
				resource: 'image',
				operation: 'generate',
				prompt: 'A castle',
				model: 'flux-pro',
				aspectRatio: '16:9',
				options: { ...FAST, downloadMedia: false },
			}),
			mediaNode('Video', {
				resource: 'video',
				operation: 'generate',
				mode: 'image',
				prompt: 'Fly towards @Image 1',
				model: 'motion-fast',
				startFrameId: '={{ $json.image_id }}',
				options: FAST,
			}),
		];
		const run = await runWorkflow({ nodes, credentials: credentials() });
		const image = nodeResult(run, 'Image').items[0];
		const { items, error } = nodeResult(run, 'Video');
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).request.start_frame_image_id).toBe(image.json.image_id);
		expect(readMp4(await readBinary(items[0].binary.data)).hasVideo).toBe(true);
	});

	test("Upload > Video's video_id becomes the source of a video to video job", async () => {
		const nodes = [
			mediaNode('Upload', {
				resource: 'upload',
				operation: 'uploadVideo',
				binaryPropertyName: 'data',
			}),
			mediaNode('Video', {
				resource: 'video',
				operation: 'generate',
				mode: 'video_to_video',
				prompt: 'Make it snow',
				model: 'restyle-v2v',
				sourceVideoId: '={{ $json.video_id }}',
				options: FAST,
			}),
		];
		const run = await runWorkflow({
			nodes,
			items: [binaryItem({ data: 'mp4:5000' })],
			credentials: credentials(),
		});
		const upload = nodeResult(run, 'Upload').items[0];
		const { items, error } = nodeResult(run, 'Video');
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).request.source_video_id).toBe(upload.json.video_id);
		expect(items[0].json.duration_ms).toBe(5000);
	});

	test("a Video job's video_id becomes a reference clip for the next video", async () => {
		const nodes = [
			mediaNode('First', {
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: 'A dancer',
				model: 'motion-fast',
				duration: 5,
				options: { ...FAST, downloadMedia: false },
			}),
			mediaNode('Second', {
				resource: 'video',
				operation: 'generate',
				mode: 'references',
				prompt: 'A robot moving like @Video 1',
				model: 'cinema-pro',
				referenceVideoIds: '={{ $json.video_id }}',
				options: FAST,
			}),
		];
		const run = await runWorkflow({ nodes, credentials: credentials() });
		const first = nodeResult(run, 'First').items[0];
		const { items, error } = nodeResult(run, 'Second');
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).request.reference_video_ids).toEqual([first.json.video_id]);
		expect(items[0].binary.data.mimeType).toBe('video/mp4');
	});

	test('Video > Get and Download finish a job started without waiting', async () => {
		const nodes = [
			mediaNode('Start', {
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: 'Rain',
				model: 'motion-fast',
				waitForCompletion: false,
			}),
		];
		const started = nodeResult(await runWorkflow({ nodes, credentials: credentials() }), 'Start')
			.items[0];
		expect(started.json).toEqual({
			job_id: expect.any(String),
			status: 'queued',
			created_at: expect.any(String),
			model: 'motion-fast',
			mode: 'text',
			resolution: '720p',
			duration: 5,
			estimated_credits: 10,
		});
		await new Promise((r) => setTimeout(r, 800));
		const later = [
			mediaNode('Get', { resource: 'video', operation: 'get', jobId: started.json.job_id }),
			mediaNode('Download', {
				resource: 'video',
				operation: 'download',
				jobId: '={{ $json.job_id }}',
				options: { fileName: 'rain' },
			}),
		];
		const run = await runWorkflow({ nodes: later, credentials: credentials() });
		expect(nodeResult(run, 'Get').items[0].json).toMatchObject({
			status: 'succeeded',
			video_id: expect.any(String),
		});
		const file = nodeResult(run, 'Download').items[0];
		expect(file.binary.data.fileName).toBe('rain.mp4');
		expect(readMp4(await readBinary(file.binary.data)).durationMs).toBe(5000);
	});
});
