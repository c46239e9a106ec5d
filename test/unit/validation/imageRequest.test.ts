import { checkImageRequest } from '../../../nodes/MediaGeneration/validation/imageRequest';
import { imageModels } from '../../../harness/fake-service/catalogue';

const base = {
	prompt: 'A cat',
	modelId: 'flux-pro',
	resolution: '',
	aspectRatio: '',
	numberOfImages: 1,
	referenceCount: 0,
};

describe('image request checks', () => {
	test('prices the default resolution when none is chosen', () => {
		expect(checkImageRequest(imageModels, { ...base, numberOfImages: 3 })).toMatchObject({
			resolution: '1080p',
			creditsPerImage: 6,
			estimatedCredits: 18,
		});
	});
	test('accepts references up to the model maximum', () => {
		expect(() =>
			checkImageRequest(imageModels, { ...base, referenceCount: 4, prompt: '@Image 4' }),
		).not.toThrow();
		expect(() => checkImageRequest(imageModels, { ...base, referenceCount: 5 })).toThrow(
			/at most 4/,
		);
	});
	test.each([0, 5, 1.5, NaN])('number of images %p is refused', (n) => {
		expect(() => checkImageRequest(imageModels, { ...base, numberOfImages: n })).toThrow(
			/from 1 to 4/,
		);
	});
});
