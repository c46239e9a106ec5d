import { prepare } from '../../../../nodes/MediaGeneration/actions/video/generate.operation';
import { mapThroughFakeService } from '../../../support/fakeContext';

const map = mapThroughFakeService(prepare);

const START = '3fa85f64-5717-4562-b3fc-2c963f66afa1';
const END = '3fa85f64-5717-4562-b3fc-2c963f66afa2';
const IMAGES = ['3fa85f64-5717-4562-b3fc-2c963f66afa3', '3fa85f64-5717-4562-b3fc-2c963f66afa4'];
const CLIP = '3fa85f64-5717-4562-b3fc-2c963f66afa5';
const SOURCE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

/** Every mode's inputs filled in at once: each mode must send its own and none of the others. */
const EVERY_INPUT = {
	startFrameId: START,
	endFrameId: END,
	referenceImageIds: IMAGES.join(', '),
	referenceVideoIds: CLIP,
	sourceVideoId: SOURCE,
};

/** Video > Generate: from the form's fields to the create request, checked against the live model listing. */
describe('video fields become the create request', () => {
	test('model, resolution, aspect ratio and duration; credits per second × duration', async () => {
		const req = await map({
			mode: 'text',
			prompt: 'A harbour at dawn',
			model: 'cinema-pro',
			resolution: '4k',
			aspectRatio: '16:9',
			duration: 10,
		});
		expect(req.kind).toBe('video');
		expect(req.create).toEqual({
			path: '/video',
			body: {
				prompt: 'A harbour at dawn',
				model_id: 'cinema-pro',
				resolution: '4k',
				aspect_ratio: '16:9',
				duration: 10,
			},
		});
		expect(req.json).toEqual({
			model: 'cinema-pro',
			mode: 'text',
			resolution: '4k',
			duration: 10,
			estimated_credits: 120,
		});
		expect(req.settings).toMatchObject({ waitForCompletion: true, maxWaitMs: 30 * 60_000 });
	});

	test("the model's default resolution is named in the output and left to the service; its default duration is sent", async () => {
		const req = await map({ mode: 'text', prompt: 'Rain', model: 'motion-fast', duration: '' });
		expect(req.create?.body).toEqual({ prompt: 'Rain', model_id: 'motion-fast', duration: 5 });
		expect(req.json).toEqual({
			model: 'motion-fast',
			mode: 'text',
			resolution: '720p',
			duration: 5,
			estimated_credits: 10,
		});
	});

	test('a duration from an expression is read as a number; one the model lacks is refused with its durations', async () => {
		const req = await map({ mode: 'text', prompt: 'Rain', model: 'motion-fast', duration: '10' });
		expect(req.create?.body).toMatchObject({ duration: 10 });
		await expect(
			map({ mode: 'text', prompt: 'Rain', model: 'motion-fast', duration: 8 }),
		).rejects.toThrow('Duration 8 s is not offered by motion-fast; allowed (seconds): 5, 10');
	});

	test.each([
		['text', {}],
		['image', { start_frame_image_id: START }],
		['frames', { start_frame_image_id: START, end_frame_image_id: END }],
		['references', { reference_image_ids: IMAGES, reference_video_ids: [CLIP] }],
	])('%s mode sends its own inputs, and no other mode’s', async (mode, inputs) => {
		const req = await map({ mode, prompt: 'A scene', model: 'cinema-pro', ...EVERY_INPUT });
		expect(req.create?.body).toEqual({
			prompt: 'A scene',
			model_id: 'cinema-pro',
			duration: 8,
			...inputs,
		});
		expect(req.json).toMatchObject({ mode, estimated_credits: 32 });
	});

	test('video to video, with a model whose output follows the source: no duration is sent, and the credits are not known yet', async () => {
		const req = await map({
			mode: 'video_to_video',
			prompt: 'Make @Video 1 look like clay',
			model: 'restyle-v2v',
			duration: 10,
			...EVERY_INPUT,
		});
		expect(req.create?.body).toEqual({
			prompt: 'Make @Video 1 look like clay',
			model_id: 'restyle-v2v',
			source_video_id: SOURCE,
		});
		expect(req.json).toEqual({ model: 'restyle-v2v', mode: 'video_to_video', resolution: '720p' });
	});

	test('Max Credits: an estimate above it refuses the item, saying how it was made', async () => {
		const text = { mode: 'text', prompt: 'x', model: 'cinema-pro', resolution: '4k', duration: 15 };
		await expect(map({ ...text, options: { maxCredits: 179 } })).rejects.toThrow(
			/estimated 180 credits \(12 credits per second at 4k × 15 s\), above Max Credits \(179\)/,
		);
		await expect(map({ ...text, options: { maxCredits: 180 } })).resolves.toBeDefined();
	});

	test('Max Credits, with the output following a source given by ID: priced as the longest source (60 s)', async () => {
		const v2v = {
			mode: 'video_to_video',
			prompt: 'x',
			model: 'restyle-v2v',
			sourceVideoId: SOURCE,
		};
		await expect(map({ ...v2v, options: { maxCredits: 179 } })).rejects.toThrow(
			/estimated 180 credits \(3 credits per second at 720p × a source clip of up to 60 s/,
		);
		await expect(map({ ...v2v, options: { maxCredits: 180 } })).resolves.toBeDefined();
	});
});
