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

describe('an image request against the listing', () => {
	const check = (o: Partial<typeof base>) => () =>
		checkImageRequest(imageModels, { ...base, ...o });
	const flux = imageModels.find((m) => m.id === 'flux-pro')!;

	test('an empty prompt is refused', () => {
		expect(check({ prompt: '  ' })).toThrow(/^Prompt is empty/);
	});

	test("a chosen resolution is priced from the listing; one the model lacks lists the model's", () => {
		expect(
			checkImageRequest(imageModels, { ...base, resolution: '2k', numberOfImages: 2 }),
		).toMatchObject({
			model: flux,
			resolution: '2k',
			creditsPerImage: flux.credits_by_resolution['2k'],
			estimatedCredits: 2 * flux.credits_by_resolution['2k'],
		});
		expect(check({ modelId: 'sketch-lite', resolution: '1080p' })).toThrow(
			/^Resolution "1080p" is not offered by sketch-lite; allowed: 480p, 720p$/,
		);
	});

	test('a model or aspect ratio not in the listing is refused', () => {
		expect(check({ modelId: 'flux' })).toThrow(/^Model "flux" is not in the image model listing/);
		expect(check({ modelId: 'sketch-lite', aspectRatio: '16:9' })).toThrow(
			/^Aspect Ratio "16:9" is not offered by sketch-lite; allowed: 1:1$/,
		);
	});

	test('from 1 to 4 images', () => {
		expect(checkImageRequest(imageModels, { ...base, numberOfImages: 1 }).estimatedCredits).toBe(
			flux.credits_by_resolution['1080p'],
		);
		expect(checkImageRequest(imageModels, { ...base, numberOfImages: 4 }).estimatedCredits).toBe(
			4 * flux.credits_by_resolution['1080p'],
		);
	});

	test('a model without reference images refuses them and names the models that take them', () => {
		expect(check({ modelId: 'sketch-lite', referenceCount: 0 })).not.toThrow();
		expect(check({ modelId: 'sketch-lite', referenceCount: 1 })).toThrow(
			/^Model sketch-lite does not take reference images; .*: flux-pro, studio-4k$/,
		);
		expect(check({ modelId: 'studio-4k', referenceCount: 3 })).toThrow(
			/^Reference Images: 3 given, but studio-4k takes at most 2$/,
		);
	});

	test('@Image N must name one of the reference images', () => {
		expect(check({ referenceCount: 1, prompt: 'like @Image 1' })).not.toThrow();
		expect(check({ referenceCount: 1, prompt: 'like @Image 2' })).toThrow(
			/^Prompt refers to @Image 2, but only 1 reference images is given/,
		);
	});

	test('a price the listing gives as text is read as a number; a missing one counts as 0', () => {
		const odd = {
			...flux,
			id: 'odd',
			credits_by_resolution: { '1080p': '6' as unknown as number },
		};
		expect(checkImageRequest([odd], { ...base, modelId: 'odd' }).creditsPerImage).toBe(6);
		const unpriced = { ...flux, id: 'unpriced', credits_by_resolution: {} };
		expect(checkImageRequest([unpriced], { ...base, modelId: 'unpriced' })).toMatchObject({
			creditsPerImage: 0,
			estimatedCredits: 0,
		});
	});
});
