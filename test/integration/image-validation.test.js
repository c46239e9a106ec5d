'use strict';
const { useFakeService, api, uploadForm } = require('../support/fake');
const { imageRunner, FAST, count } = require('../support/image');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService();
const run = imageRunner(ref);
const paid = () => count(ref.svc, 'POST /image') + count(ref.svc, 'POST /image/upload');
const pngItem = (fields) => ({
	json: {},
	binary: Object.fromEntries(
		fields.map((f, i) => [
			f,
			{
				data: writePng({ width: 8 + i, height: 8 }).toString('base64'),
				mimeType: 'image/png',
				fileName: `${f}.png`,
			},
		]),
	),
});
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

describe('credit guard', () => {
	test('an estimate above Max Credits fails the item before any job is created', async () => {
		const before = paid();
		const { error } = await run({
			prompt: 'A cat',
			model: 'studio-4k',
			resolution: '4k',
			numberOfImages: 3,
			options: { ...FAST, maxCredits: 50 },
		});
		expect(error.message).toMatch(
			/estimated 60 credits \(20 credits per image at 4k × 3\), above Max Credits \(50\)/,
		);
		expect(paid()).toBe(before);
	});

	test('the default resolution is priced when none is chosen; within Max Credits the job runs', async () => {
		const { items, error } = await run({
			prompt: 'A cat',
			model: 'studio-4k',
			numberOfImages: 2,
			options: { ...FAST, maxCredits: 24, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ resolution: '2k', estimated_credits: 24 });
	});

	test('with Continue On Fail only the expensive item fails', async () => {
		const items = [{ json: { n: 1 } }, { json: { n: 4 } }, { json: { n: 2 } }];
		const { items: out } = await run(
			{
				prompt: 'A cat',
				model: 'flux-pro',
				resolution: '2k',
				numberOfImages: '={{ $json.n }}',
				options: { ...FAST, maxCredits: 20, downloadMedia: false },
			},
			{ items, extra: { onError: 'continueRegularOutput' } },
		);
		expect(
			out.map((o) => [o.pairedItem.item, o.json.error ? 'error' : o.json.image_number]),
		).toEqual([
			[0, 1],
			[1, 'error'],
			[2, 1],
			[2, 2],
		]);
		expect(out[1].json.error).toMatch(/estimated 40 credits/);
	});
});

describe('reference images', () => {
	test('ids and binary fields together: the binaries are uploaded and numbered after the ids', async () => {
		const up = await api(ref.svc, 'POST', '/image/upload', {
			form: uploadForm('image', writePng({ width: 5, height: 5 }), 'x.png', 'image/png'),
		});
		const uploadedId = up.json.image_id;
		const before = count(ref.svc, 'POST /image/upload');
		const { items, error } = await run(
			{
				prompt: 'Put @Image 2 and @Image 3 on @Image 1',
				model: 'flux-pro',
				referenceImageIds: uploadedId,
				referenceImageFields: 'logo, badge',
				options: { ...FAST, downloadMedia: false },
			},
			{ items: [pngItem(['logo', 'badge'])] },
		);
		expect(error).toBeUndefined();
		expect(count(ref.svc, 'POST /image/upload')).toBe(before + 2);
		const ids = items[0].json.reference_image_ids;
		expect(ids).toHaveLength(3);
		expect(ids[0]).toBe(uploadedId);
		expect(ref.svc.state.images.get(ids[1])).toMatchObject({ width: 8 });
		expect(ref.svc.state.images.get(ids[2])).toMatchObject({ width: 9 });
		const job = ref.svc.state.jobs.get(items[0].json.job_id);
		expect(job.request.reference_image_ids).toEqual(ids);
	});

	test("an earlier image job's image_id works as a reference", async () => {
		const first = await run({
			prompt: 'A logo',
			model: 'sketch-lite',
			options: { ...FAST, downloadMedia: false },
		});
		const { items, error } = await run({
			prompt: 'Edit @Image 1',
			model: 'studio-4k',
			referenceImageIds: first.items[0].json.image_id,
			options: { ...FAST, downloadMedia: false },
		});
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('succeeded');
	});
});
