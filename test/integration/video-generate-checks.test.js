'use strict';
/** Video > Generate: items refused before any request that costs, and the credit guard. */
const { useFakeService } = require('../support/fake');
const { runner, binaryItem, FAST, count } = require('../support/media');
const { useVideoInputs } = require('../support/video-inputs');

const ref = useFakeService();
const run = runner(ref, 'video');
const inputs = useVideoInputs(ref);

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
			JSON.stringify(params).replace(/IMG/g, inputs.imageIds[0]).replace(/CLIP/g, inputs.clipId),
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
			sourceVideoId: inputs.longClipId,
			options: { maxCredits: 100 },
		});
		expect(error.message).toMatch(
			/estimated 180 credits \(3 credits per second at 720p × a source clip of up to 60 s/,
		);
		const ok = await run({
			mode: 'video_to_video',
			prompt: 'x',
			model: 'restyle-v2v',
			sourceVideoId: inputs.longClipId,
			options: { ...FAST, maxCredits: 180, downloadMedia: false },
		});
		expect(ok.items[0].json).toMatchObject({ estimated_credits: 36, duration_ms: 12000 });
	});
});
