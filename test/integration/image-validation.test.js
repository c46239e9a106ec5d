'use strict';
/** Image > Generate checks every item before any request that costs. */
const { useFakeService } = require('../support/fake');
const { imageRunner, pngItem, FAST, count } = require('../support/image');

const ref = useFakeService();
const run = imageRunner(ref);
const paid = () => count(ref.svc, 'POST /image') + count(ref.svc, 'POST /image/upload');
const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const ID2 = '4fa85f64-5717-4562-b3fc-2c963f66afa7';

describe('Image > Generate checks every item before any request that costs', () => {
	test.each([
		[
			'an unknown model, listing the models',
			{ model: 'nope' },
			/Model "nope" is not in the image model listing; available: flux-pro, sketch-lite, studio-4k, enterprise-ultra/,
		],
		[
			"a resolution the model lacks, listing the model's",
			{ model: 'sketch-lite', resolution: '4k' },
			/Resolution "4k" is not offered by sketch-lite; allowed: 480p, 720p/,
		],
		[
			'an aspect ratio the model lacks',
			{ model: 'sketch-lite', aspectRatio: '16:9' },
			/Aspect Ratio "16:9" is not offered by sketch-lite; allowed: 1:1/,
		],
		[
			'more than 4 images',
			{ model: 'flux-pro', numberOfImages: 5 },
			/Number of Images must be a whole number from 1 to 4/,
		],
		[
			'references for a model without them',
			{ model: 'sketch-lite', referenceImageIds: ID },
			/sketch-lite does not take reference images.*flux-pro, studio-4k/,
		],
		[
			'more references than the model takes',
			{ model: 'studio-4k', referenceImageIds: `${ID}, ${ID2}, ${ID}` },
			/Reference Images: 3 given, but studio-4k takes at most 2/,
		],
		[
			'@Image N beyond the references',
			{ model: 'flux-pro', prompt: 'Put @Image 1 next to @Image 3', referenceImageIds: ID },
			/Prompt refers to @Image 3, but only 1 reference images? is given/,
		],
		[
			'@Image 1 with no references',
			{ model: 'flux-pro', prompt: 'Edit @Image 1' },
			/Prompt refers to @Image 1, but no reference images are given/,
		],
		[
			'an id that is not an id',
			{ model: 'flux-pro', referenceImageIds: 'my-photo.png' },
			/Reference Image IDs: "my-photo.png" is not an ID/,
		],
		['an empty prompt', { model: 'flux-pro', prompt: '  ' }, /Prompt is empty/],
		[
			'a binary field the item lacks',
			{ model: 'flux-pro', referenceImageFields: 'logo' },
			/Reference Image Binary Fields: the input item has no binary field "logo"; it has: data/,
		],
	])('%s', async (_name, params, message) => {
		const before = paid();
		const { error } = await run(
			{ prompt: 'A cat', ...params, options: FAST },
			{ items: [pngItem(['data'])] },
		);
		expect(error?.message).toMatch(message);
		expect(paid()).toBe(before);
	});

	test('a binary reference that is not an image is refused before any upload or job', async () => {
		const before = paid();
		const item = pngItem(['a']);
		item.binary.b = {
			data: Buffer.from('not an image').toString('base64'),
			mimeType: 'image/png',
			fileName: 'b.png',
		};
		const { error } = await run(
			{ prompt: 'A cat', model: 'flux-pro', referenceImageFields: 'a, b', options: FAST },
			{ items: [item] },
		);
		expect(error.message).toMatch(
			/Reference Image Binary Fields "b" is not a PNG, JPEG or WebP file/,
		);
		expect(paid()).toBe(before);
	});

	test('one invalid item stops the whole batch before any job is created (without Continue On Fail)', async () => {
		const before = paid();
		const items = [
			{ json: { m: 'flux-pro' } },
			{ json: { m: 'nope' } },
			{ json: { m: 'flux-pro' } },
		];
		const { error } = await run(
			{ prompt: 'A cat', model: '={{ $json.m }}', options: FAST },
			{ items },
		);
		expect(error.message).toMatch(/Model "nope"/);
		expect(paid()).toBe(before);
	});
});
