'use strict';
const { useFakeService, api, waitForJob } = require('../support/fake');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { writePng } = require('../../harness/fake-service/media/png');
const { uploadForm } = require('../support/fake');

// phases long enough that a poll every 20 ms sees each one on a loaded machine (a 50 ms queue was
// missed under CI's load)
const ref = useFakeService({ timing: { queueMs: 200, imageMs: 600 } });
const create = (body, key) => api(ref.svc, 'POST', '/image', { body, key });

describe('fake service: images (spec 4.2, 4.3)', () => {
	test('a job goes queued -> processing -> succeeded and its PNGs come from another origin', async () => {
		const { status, json } = await create({
			prompt: 'a lighthouse',
			model_id: 'flux-pro',
			number_of_images: 2,
			aspect_ratio: '16:9',
		});
		expect(status).toBe(200);
		expect(json.estimated_credits).toBe(12);
		const seen = new Set();
		let result;
		for (let i = 0; i < 100; i++) {
			result = (await api(ref.svc, 'GET', `/image/${json.job_id}`)).json;
			seen.add(result.status);
			if (result.status === 'succeeded') break;
			await new Promise((r) => setTimeout(r, 20));
		}
		expect([...seen]).toEqual(['queued', 'processing', 'succeeded']);
		expect(result.images).toHaveLength(2);
		const img = result.images[0];
		expect(new URL(img.url).origin).not.toBe(new URL(ref.svc.apiUrl).origin);
		const file = Buffer.from(await (await fetch(img.url)).arrayBuffer());
		expect(sniffImage(file)).toEqual({ type: 'png', width: img.width, height: img.height });
		expect(img.width / img.height).toBeCloseTo(16 / 9, 1);
	});

	test('422 with the 2.10 body for invalid fields', async () => {
		const r = await create({
			prompt: '',
			number_of_images: 7,
			resolution: '8k',
			reference_image_ids: ['x'],
		});
		expect(r.status).toBe(422);
		const locs = r.json.detail.map((d) => d.loc.join('.'));
		expect(locs).toEqual(
			expect.arrayContaining([
				'body.prompt',
				'body.model_id',
				'body.number_of_images',
				'body.resolution',
				'body.reference_image_ids.0',
			]),
		);
		for (const d of r.json.detail) expect(Object.keys(d).sort()).toEqual(['loc', 'msg', 'type']);
		expect((await create('not json')).status).toBe(422);
	});

	test.each([
		[{ prompt: 'x', model_id: 'nope' }, 400, /Unsupported model/],
		[{ prompt: 'x', model_id: 'sketch-lite', resolution: '4k' }, 400, /Resolution/],
		[{ prompt: 'x', model_id: 'sketch-lite', aspect_ratio: '16:9' }, 400, /Aspect ratio/],
		[
			{
				prompt: 'x',
				model_id: 'sketch-lite',
				reference_image_ids: ['3fa85f64-5717-4562-b3fc-2c963f66afa6'],
			},
			400,
			/does not accept reference/,
		],
		[
			{
				prompt: 'x',
				model_id: 'studio-4k',
				reference_image_ids: Array(3).fill('3fa85f64-5717-4562-b3fc-2c963f66afa6'),
			},
			400,
			/at most 2/,
		],
		[{ prompt: 'put @Image 1 in space', model_id: 'flux-pro' }, 400, /@Image 1/],
		[
			{
				prompt: 'x @Image 1',
				model_id: 'flux-pro',
				reference_image_ids: ['3fa85f64-5717-4562-b3fc-2c963f66afa6'],
			},
			404,
			/not found/,
		],
		[{ prompt: 'x', model_id: 'enterprise-ultra' }, 402, /plan/],
	])('%j -> %i', async (body, status, detail) => {
		const r = await create(body);
		expect(r.status).toBe(status);
		expect(r.json.detail).toMatch(detail);
	});

	test('402 when credits run short', async () => {
		const r = await create(
			{ prompt: 'x', model_id: 'flux-pro', number_of_images: 4 },
			'test-key-poor',
		);
		expect(r.status).toBe(402);
	});

	test('references must belong to the same user; jobs are visible to that user only', async () => {
		const up = await api(ref.svc, 'POST', '/image/upload', {
			form: uploadForm('image', writePng({ width: 8, height: 8 })),
		});
		const id = up.json.image_id;
		expect(
			(
				await create(
					{ prompt: 'edit @Image 1', model_id: 'flux-pro', reference_image_ids: [id] },
					'test-key-bob',
				)
			).status,
		).toBe(404);
		const ok = await create(
			{ prompt: 'edit @Image 1', model_id: 'flux-pro', reference_image_ids: [id] },
			'test-key-alice-2',
		);
		expect(ok.status).toBe(200);
		expect(
			(await api(ref.svc, 'GET', `/image/${ok.json.job_id}`, { key: 'test-key-bob' })).status,
		).toBe(404);
		expect((await api(ref.svc, 'GET', `/image/${ok.json.job_id}`)).status).toBe(200);
	});

	test('[fail] ends failed with a reason; [never] stays processing', async () => {
		const failed = await create({ prompt: 'x [fail]', model_id: 'sketch-lite' });
		const result = await waitForJob(ref.svc, 'image', failed.json.job_id);
		expect(result).toMatchObject({ status: 'failed', error: expect.any(String) });
		expect(result.images).toBeUndefined();
		const never = await create({ prompt: 'x [never]', model_id: 'sketch-lite' });
		await new Promise((r) => setTimeout(r, 400));
		expect((await api(ref.svc, 'GET', `/image/${never.json.job_id}`)).json.status).toBe(
			'processing',
		);
	});

	test('an image from a job is reusable as a reference', async () => {
		const job = await create({ prompt: 'x', model_id: 'sketch-lite' });
		const done = await waitForJob(ref.svc, 'image', job.json.job_id);
		const again = await create({
			prompt: 'more of @Image 1',
			model_id: 'flux-pro',
			reference_image_ids: [done.images[0].image_id],
		});
		expect(again.status).toBe(200);
	});
});
