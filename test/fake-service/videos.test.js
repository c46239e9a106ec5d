'use strict';
const { useFakeService, api, waitForJob, uploadForm } = require('../support/fake');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4, readMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService({ timing: { queueMs: 20, videoMs: 150 } });
const create = (body) => api(ref.svc, 'POST', '/video', { body });
let img;
let clip;
let longClip;

beforeAll(async () => {
	const u = async (kind, buf) =>
		(await api(ref.svc, 'POST', `/${kind}/upload`, { form: uploadForm(kind, buf) })).json;
	img = (await u('image', writePng({ width: 16, height: 16 }))).image_id;
	clip = await u('video', writeMp4({ width: 64, height: 64, durationMs: 7000 }));
	longClip = (await u('video', writeMp4({ width: 64, height: 64, durationMs: 20000 }))).video_id;
});

describe('fake service: videos (spec 4.6, 4.7)', () => {
	test('text mode: defaults from the model, a playable MP4 of the reported size and length', async () => {
		const r = await create({
			prompt: 'waves',
			model_id: 'motion-fast',
			resolution: '480p',
			aspect_ratio: '9:16',
		});
		expect(r.json.estimated_credits).toBe(5);
		const done = await waitForJob(ref.svc, 'video', r.json.job_id);
		expect(done).toMatchObject({
			status: 'succeeded',
			duration_ms: 5000,
			model: 'motion-fast',
			width: 360,
		});
		const file = Buffer.from(await (await fetch(done.url)).arrayBuffer());
		expect(readMp4(file)).toMatchObject({
			hasVideo: true,
			durationMs: 5000,
			width: done.width,
			height: done.height,
		});
	});

	test('video_to_video follows the source length and rejects a duration', async () => {
		const r = await create({
			prompt: 'as anime',
			model_id: 'restyle-v2v',
			source_video_id: clip.video_id,
		});
		expect(r.json.estimated_credits).toBe(21);
		expect((await waitForJob(ref.svc, 'video', r.json.job_id)).duration_ms).toBe(7000);
		expect(
			(
				await create({
					prompt: 'x',
					model_id: 'restyle-v2v',
					source_video_id: clip.video_id,
					duration: 5,
				})
			).status,
		).toBe(400);
	});

	test('a generated video is reusable as a reference or source', async () => {
		const r = await create({ prompt: 'x', model_id: 'motion-fast' });
		const done = await waitForJob(ref.svc, 'video', r.json.job_id);
		expect(
			(
				await create({
					prompt: 'like @Video 1',
					model_id: 'cinema-pro',
					reference_video_ids: [done.video_id],
				})
			).status,
		).toBe(200);
	});

	test.each([
		[
			'mixed modes',
			() => ({
				prompt: 'x',
				model_id: 'cinema-pro',
				start_frame_image_id: img,
				reference_image_ids: [img],
			}),
			422,
		],
		[
			'end frame without start',
			() => ({ prompt: 'x', model_id: 'motion-fast', end_frame_image_id: img }),
			422,
		],
		['duration over 30', () => ({ prompt: 'x', model_id: 'motion-fast', duration: 31 }), 422],
		[
			"mode not the model's",
			() => ({ prompt: 'x', model_id: 'motion-fast', reference_image_ids: [img] }),
			400,
		],
		[
			"duration not the model's",
			() => ({ prompt: 'x', model_id: 'motion-fast', duration: 7 }),
			400,
		],
		[
			"resolution not the model's",
			() => ({ prompt: 'x', model_id: 'motion-fast', resolution: '4k' }),
			400,
		],
		[
			"aspect not the model's",
			() => ({ prompt: 'x', model_id: 'cinema-pro', aspect_ratio: '1:1' }),
			400,
		],
		[
			'too many reference images',
			() => ({ prompt: 'x', model_id: 'cinema-pro', reference_image_ids: [img, img, img, img] }),
			400,
		],
		[
			'reference videos where null',
			() => ({ prompt: 'x', model_id: 'restyle-v2v', reference_video_ids: [clip.video_id] }),
			400,
		],
		[
			'@Image beyond inputs',
			() => ({ prompt: '@Image 2 walks', model_id: 'motion-fast', start_frame_image_id: img }),
			400,
		],
		['@Video beyond inputs', () => ({ prompt: 'like @Video 1', model_id: 'motion-fast' }), 400],
		[
			'image id given as video',
			() => ({ prompt: 'x', model_id: 'restyle-v2v', source_video_id: img }),
			400,
		],
		[
			'reference clip too long',
			() => ({ prompt: 'x', model_id: 'cinema-pro', reference_video_ids: [longClip] }),
			400,
		],
		[
			'unknown image',
			() => ({
				prompt: 'x',
				model_id: 'motion-fast',
				start_frame_image_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			}),
			404,
		],
	])('%s -> %i', async (_name, body, status) => {
		const r = await create(body());
		expect(r.status).toBe(status);
	});

	test('frames mode counts both frames as @Image 1 and @Image 2', async () => {
		const r = await create({
			prompt: 'from @Image 1 to @Image 2',
			model_id: 'motion-fast',
			start_frame_image_id: img,
			end_frame_image_id: img,
		});
		expect(r.status).toBe(200);
	});
});
