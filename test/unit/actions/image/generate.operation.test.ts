import { prepare } from '../../../../nodes/MediaGeneration/actions/image/generate.operation';
import { mapThroughFakeService } from '../../../support/fakeContext';

const map = mapThroughFakeService(prepare);

/** Image > Generate: from the form's fields to the create request, checked against the live model listing. */
describe('image fields become the create request', () => {
	test('model, resolution, aspect ratio and number of images; credits estimated from the listing', async () => {
		const req = await map({
			prompt: 'A cat',
			model: 'flux-pro',
			resolution: '2k',
			aspectRatio: '16:9',
			numberOfImages: 2,
		});
		expect(req.create).toEqual({
			path: '/image',
			body: {
				prompt: 'A cat',
				model_id: 'flux-pro',
				number_of_images: 2,
				resolution: '2k',
				aspect_ratio: '16:9',
			},
		});
		expect(req.json).toEqual({ model: 'flux-pro', resolution: '2k', estimated_credits: 20 });
		expect(req.settings.waitForCompletion).toBe(true);
	});

	test("the model's default resolution is named in the output, and left to the service", async () => {
		const req = await map({ prompt: 'A cat', model: 'sketch-lite' });
		expect(req.create?.body).toEqual({
			prompt: 'A cat',
			model_id: 'sketch-lite',
			number_of_images: 1,
		});
		expect(req.json).toMatchObject({ resolution: '720p', estimated_credits: 2 });
	});

	test('a resolution the model lacks is refused with the allowed values', async () => {
		await expect(map({ prompt: 'A cat', model: 'sketch-lite', resolution: '4k' })).rejects.toThrow(
			/480p, 720p/,
		);
	});
});
