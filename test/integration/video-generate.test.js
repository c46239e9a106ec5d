'use strict';
const { useFakeService, api, uploadForm } = require('../support/fake');
const { runner, binaryItem, FAST, count } = require('../support/media');
const { readBinary } = require('../support/run-workflow');
const { readMp4, writeMp4 } = require('../../harness/fake-service/media/mp4');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService();
const run = runner(ref, 'video');
const lastCreate = () => ref.svc.state.requests.filter((r) => r.route === 'POST /video').at(-1);
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);

let imageIds;
let clipId;
let longClipId;
beforeAll(async () => {
	const up = async (n) =>
		(
			await api(ref.svc, 'POST', '/image/upload', {
				form: uploadForm('image', writePng({ width: 16 + n, height: 9 }), 'f.png', 'image/png'),
			})
		).json.image_id;
	imageIds = [await up(0), await up(1), await up(2)];
	const vid = async (ms) =>
		(
			await api(ref.svc, 'POST', '/video/upload', {
				form: uploadForm(
					'video',
					writeMp4({ width: 64, height: 36, durationMs: ms }),
					'c.mp4',
					'video/mp4',
				),
			})
		).json.video_id;
	clipId = await vid(4000);
	longClipId = await vid(12000);
});

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
				? v.replace(/I(\d)/g, (_, n) => imageIds[n]).replace(/^C$|(?<=, )C/g, clipId)
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
			sourceVideoId: clipId,
			options: { ...FAST, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).request).toEqual({
			prompt: 'Make @Video 1 look like clay',
			model_id: 'restyle-v2v',
			source_video_id: clipId,
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
			startFrameId: imageIds[0],
			sourceVideoId: clipId,
			referenceImageIds: imageIds[1],
			options: { ...FAST, downloadMedia: false },
		});
		expect(jobOf(items[0]).mode).toBe('text');
		expect(Object.keys(jobOf(items[0]).request).sort()).toEqual(['duration', 'model_id', 'prompt']);
	});
});

describe('inputs from binary fields are uploaded first', () => {
	test('start and end frames', async () => {
		const before = count(ref.svc, 'POST /image/upload');
		const { items, error } = await run(
			{
				mode: 'frames',
				prompt: 'From @Image 1 to @Image 2',
				model: 'motion-fast',
				startFrameField: 'first',
				endFrameField: 'last',
				options: { ...FAST, downloadMedia: false },
			},
			{ items: [binaryItem({ first: 'png', last: 'png' })] },
		);
		expect(error).toBeUndefined();
		expect(count(ref.svc, 'POST /image/upload')).toBe(before + 2);
		const body = jobOf(items[0]).request;
		expect(ref.svc.state.images.get(body.start_frame_image_id)).toBeDefined();
		expect(ref.svc.state.images.get(body.end_frame_image_id)).toBeDefined();
	});

	test('reference clips and images', async () => {
		const { items, error } = await run(
			{
				mode: 'references',
				prompt: '@Video 1 moves like @Video 2, styled as @Image 1',
				model: 'cinema-pro',
				referenceVideoIds: clipId,
				referenceVideoFields: 'clip',
				referenceImageFields: 'style',
				options: { ...FAST, downloadMedia: false },
			},
			{ items: [binaryItem({ clip: 'mp4:2000', style: 'png' })] },
		);
		expect(error).toBeUndefined();
		const body = jobOf(items[0]).request;
		expect(body.reference_video_ids[0]).toBe(clipId);
		expect(ref.svc.state.videos.get(body.reference_video_ids[1]).durationMs).toBe(2000);
		expect(body.reference_image_ids).toHaveLength(1);
	});

	test('a source video: its length from the upload prices the job', async () => {
		const { items, error } = await run(
			{
				mode: 'video_to_video',
				prompt: 'Restyle',
				model: 'restyle-v2v',
				resolution: '480p',
				sourceVideoField: 'data',
				options: { ...FAST, maxCredits: 9 },
			},
			{ items: [binaryItem({ data: 'mp4:6000' })] },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ estimated_credits: 9, duration_ms: 6000 });
		expect(readMp4(await readBinary(items[0].binary.data)).durationMs).toBe(6000);
	});
});

describe('Video > Generate checks every item before any request that costs', () => {
	const paid = () =>
		count(ref.svc, 'POST /video') +
		count(ref.svc, 'POST /video/upload') +
		count(ref.svc, 'POST /image/upload');
	test.each([
		[
			'a mode the model lacks, naming the models for it',
			{ mode: 'video_to_video', model: 'motion-fast', sourceVideoId: 'CLIP' },
			/Model motion-fast does not do video_to_video mode \(it does: text, image, frames\); models for video_to_video: restyle-v2v/,
		],
		[
			"a duration that is not the model's",
			{ mode: 'text', model: 'motion-fast', duration: 7 },
			/Duration 7 s is not offered by motion-fast; allowed \(seconds\): 5, 10/,
		],
		[
			"a resolution that is not the model's",
			{ mode: 'text', model: 'motion-fast', resolution: '4k' },
			/Resolution "4k" is not offered by motion-fast; allowed: 480p, 720p/,
		],
		[
			"an aspect ratio that is not the model's",
			{ mode: 'text', model: 'cinema-pro', aspectRatio: '1:1' },
			/Aspect Ratio "1:1" is not offered by cinema-pro; allowed: 16:9, 9:16/,
		],
		[
			'an unknown model',
			{ mode: 'text', model: 'nope' },
			/Model "nope" is not in the video model listing; available: motion-fast, cinema-pro, restyle-v2v/,
		],
		[
			'an end frame without a start frame',
			{ mode: 'frames', model: 'motion-fast', endFrameId: 'IMG' },
			/End Frame needs a Start Frame/,
		],
		[
			'image mode without a start frame',
			{ mode: 'image', model: 'motion-fast' },
			/Mode "image" needs a Start Frame/,
		],
		[
			'video to video without a source',
			{ mode: 'video_to_video', model: 'restyle-v2v' },
			/Mode "video_to_video" needs a Source Video/,
		],
		[
			'references mode without references',
			{ mode: 'references', model: 'cinema-pro' },
			/needs at least one reference image or reference video/,
		],
		[
			'more reference images than the model takes',
			{ mode: 'references', model: 'cinema-pro', referenceImageIds: 'IMG, IMG, IMG, IMG' },
			/Reference images: 4 given, but cinema-pro takes at most 3/,
		],
		[
			'reference videos where the listing allows none (null)',
			{ mode: 'references', model: 'restyle-v2v', referenceVideoIds: 'CLIP' },
			/Reference videos: restyle-v2v takes no reference videos/,
		],
		[
			'@Image 2 with one image input',
			{
				mode: 'image',
				model: 'motion-fast',
				startFrameId: 'IMG',
				prompt: '@Image 1 then @Image 2',
			},
			/Prompt refers to @Image 2, but only 1 image inputs? is given/,
		],
		[
			'@Video 1 with no video input',
			{ mode: 'image', model: 'motion-fast', startFrameId: 'IMG', prompt: 'like @Video 1' },
			/Prompt refers to @Video 1, but no video inputs are given/,
		],
		[
			'both an id and a binary field for one frame',
			{ mode: 'image', model: 'motion-fast', startFrameId: 'IMG', startFrameField: 'data' },
			/Start Frame: give one start frame, either an ID, a binary field or a URL, not 2/,
		],
		[
			'a mode that does not exist',
			{ mode: 'slideshow', model: 'motion-fast' },
			/Mode "slideshow" is not a video mode; allowed: text, image, frames, references, video_to_video/,
		],
	])('%s', async (_name, params, message) => {
		const p = JSON.parse(
			JSON.stringify(params).replace(/IMG/g, imageIds[0]).replace(/CLIP/g, clipId),
		);
		const before = paid();
		const { error } = await run(
			{ prompt: 'A scene', ...p, options: FAST },
			{ items: [binaryItem({ data: 'png' })] },
		);
		expect(error?.message).toMatch(message);
		expect(paid()).toBe(before);
	});
});

describe('credit guard', () => {
	test('credits per second × duration above Max Credits stops the item', async () => {
		const before = count(ref.svc, 'POST /video');
		const { error } = await run({
			mode: 'text',
			prompt: 'x',
			model: 'cinema-pro',
			resolution: '4k',
			duration: 15,
			options: { maxCredits: 100 },
		});
		expect(error.message).toMatch(
			/estimated 180 credits \(12 credits per second at 4k × 15 s\), above Max Credits \(100\)/,
		);
		expect(count(ref.svc, 'POST /video')).toBe(before);
	});

	test('a source given by id has an unknown length: the guard assumes the longest (60 s)', async () => {
		const { error } = await run({
			mode: 'video_to_video',
			prompt: 'x',
			model: 'restyle-v2v',
			sourceVideoId: longClipId,
			options: { maxCredits: 100 },
		});
		expect(error.message).toMatch(
			/estimated 180 credits \(3 credits per second at 720p × a source clip of up to 60 s/,
		);
		const ok = await run({
			mode: 'video_to_video',
			prompt: 'x',
			model: 'restyle-v2v',
			sourceVideoId: longClipId,
			options: { ...FAST, maxCredits: 180, downloadMedia: false },
		});
		expect(ok.items[0].json).toMatchObject({ estimated_credits: 36, duration_ms: 12000 });
	});
});

describe('a batch of mixed modes', () => {
	test("each item uses only its own mode's inputs; outputs in input order", async () => {
		const items = [
			{ json: { mode: 'text', prompt: 'Sea' } },
			{ json: { mode: 'image', prompt: 'Animate @Image 1', start: imageIds[0] } },
			{ json: { mode: 'frames', prompt: 'Morph', start: imageIds[1], end: imageIds[2] } },
			{ json: { mode: 'video_to_video', prompt: 'Clay', source: clipId, model: 'restyle-v2v' } },
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
