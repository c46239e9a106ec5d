'use strict';
/** Video > Generate: the request each mode sends, and a batch that mixes modes. */
const { useFakeService } = require('../support/fake');
const { runner, FAST } = require('../support/media');
const { readBinary } = require('../support/binary-data');
const { useVideoInputs } = require('../support/video-inputs');
const { readMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const run = runner(ref, 'video');
const lastCreate = () => ref.svc.state.requests.filter((r) => r.route === 'POST /video').at(-1);
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);
const inputs = useVideoInputs(ref);

describe('Video > Generate in each mode', () => {
	test('text: an MP4 with the job JSON', async () => {
		const { items, error } = await run({
			mode: 'text',
			prompt: 'Waves at night',
			model: 'motion-fast',
			resolution: '720p',
			duration: 10,
			options: FAST,
		});
		expect(error).toBeUndefined();
		const { json, binary } = items[0];
		expect(json).toMatchObject({
			job_id: expect.any(String),
			status: 'succeeded',
			model: 'motion-fast',
			mode: 'text',
			resolution: '720p',
			duration: 10,
			estimated_credits: 20,
			video_id: expect.any(String),
			duration_ms: 10000,
			width: expect.any(Number),
			height: 720,
			url: expect.stringContaining('/files/'),
			url_expires_at: expect.any(String),
		});
		expect(binary.data).toMatchObject({
			mimeType: 'video/mp4',
			fileExtension: 'mp4',
			fileName: `video-${json.job_id.slice(0, 8)}.mp4`,
		});
		const mp4 = readMp4(await readBinary(binary.data));
		expect(mp4).toMatchObject({
			container: 'mp4',
			hasVideo: true,
			durationMs: 10000,
			width: json.width,
			height: json.height,
		});
		expect(lastCreate()).toBeDefined();
	});

	test.each([
		['image', { startFrameId: 'I0' }, { start_frame_image_id: 'I0' }],
		[
			'frames',
			{ startFrameId: 'I0', endFrameId: 'I1' },
			{ start_frame_image_id: 'I0', end_frame_image_id: 'I1' },
		],
		[
			'references',
			{ referenceImageIds: 'I0, I2', referenceVideoIds: 'C' },
			{ reference_image_ids: ['I0', 'I2'], reference_video_ids: ['C'] },
		],
	])("%s mode with ids sends only that mode's inputs", async (mode, params, expected) => {
		const sub = (v) =>
			typeof v === 'string'
				? v.replace(/I(\d)/g, (_, n) => inputs.imageIds[n]).replace(/^C$|(?<=, )C/g, inputs.clipId)
				: v.map(sub);
		const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, sub(v)]));
		const { items, error } = await run({
			mode,
			prompt: 'Scene with @Image 1',
			model: 'cinema-pro',
			...p,
			options: { ...FAST, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).mode).toBe(mode);
		const body = jobOf(items[0]).request;
		const want = Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, sub(v)]));
		expect(body).toEqual({
			prompt: 'Scene with @Image 1',
			model_id: 'cinema-pro',
			duration: 8,
			...want,
		});
	});

	test('video_to_video with a model whose output follows the source: duration is not sent', async () => {
		const { items, error } = await run({
			mode: 'video_to_video',
			prompt: 'Make @Video 1 look like clay',
			model: 'restyle-v2v',
			duration: 5,
			sourceVideoId: inputs.clipId,
			options: { ...FAST, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).request).toEqual({
			prompt: 'Make @Video 1 look like clay',
			model_id: 'restyle-v2v',
			source_video_id: inputs.clipId,
		});
		expect(items[0].json).toMatchObject({
			mode: 'video_to_video',
			duration_ms: 4000,
			estimated_credits: 12,
		});
		expect(items[0].json.duration).toBeUndefined();
	});

	test('fields of other modes are never sent', async () => {
		const { items } = await run({
			mode: 'text',
			prompt: 'Plain',
			model: 'motion-fast',
			startFrameId: inputs.imageIds[0],
			sourceVideoId: inputs.clipId,
			referenceImageIds: inputs.imageIds[1],
			options: { ...FAST, downloadMedia: false },
		});
		expect(jobOf(items[0]).mode).toBe('text');
		expect(Object.keys(jobOf(items[0]).request).sort()).toEqual(['duration', 'model_id', 'prompt']);
	});
});

describe('a batch of mixed modes', () => {
	test("each item uses only its own mode's inputs; outputs in input order", async () => {
		const items = [
			{ json: { mode: 'text', prompt: 'Sea' } },
			{ json: { mode: 'image', prompt: 'Animate @Image 1', start: inputs.imageIds[0] } },
			{
				json: {
					mode: 'frames',
					prompt: 'Morph',
					start: inputs.imageIds[1],
					end: inputs.imageIds[2],
				},
			},
			{
				json: {
					mode: 'video_to_video',
					prompt: 'Clay',
					source: inputs.clipId,
					model: 'restyle-v2v',
				},
			},
		];
		const { items: out, error } = await run(
			{
				mode: '={{ $json.mode }}',
				prompt: '={{ $json.prompt }}',
				model: "={{ $json.model ?? 'cinema-pro' }}",
				startFrameId: '={{ $json.start ?? "" }}',
				endFrameId: '={{ $json.end ?? "" }}',
				sourceVideoId: '={{ $json.source ?? "" }}',
				options: FAST,
			},
			{ items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => [o.pairedItem.item, o.json.mode, jobOf(o).mode])).toEqual([
			[0, 'text', 'text'],
			[1, 'image', 'image'],
			[2, 'frames', 'frames'],
			[3, 'video_to_video', 'video_to_video'],
		]);
		out.forEach((o) => expect(o.binary.data.mimeType).toBe('video/mp4'));
	});
});
