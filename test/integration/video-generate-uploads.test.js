'use strict';
/** Video > Generate: frames, clips and sources given as binary fields are uploaded before the job. */
const { useFakeService } = require('../support/fake');
const { runner, binaryItem, FAST, count } = require('../support/media');
const { readBinary } = require('../support/binary-data');
const { useVideoInputs } = require('../support/video-inputs');
const { readMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const run = runner(ref, 'video');
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);
const inputs = useVideoInputs(ref);

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
				referenceVideoIds: inputs.clipId,
				referenceVideoFields: 'clip',
				referenceImageFields: 'style',
				options: { ...FAST, downloadMedia: false },
			},
			{ items: [binaryItem({ clip: 'mp4:2000', style: 'png' })] },
		);
		expect(error).toBeUndefined();
		const body = jobOf(items[0]).request;
		expect(body.reference_video_ids[0]).toBe(inputs.clipId);
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
