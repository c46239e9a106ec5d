'use strict';
/** Image > Generate's reference images: ids, binary fields, and an earlier job's image. */
const { useFakeService, api, uploadForm } = require('../support/fake');
const { imageRunner, pngItem, FAST, count } = require('../support/image');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService();
const run = imageRunner(ref);

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
