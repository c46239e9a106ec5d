import {
	checkAspectRatio,
	checkResolution,
	findModel,
} from '../../../nodes/MediaGeneration/validation/modelChoice';

const models = [
	{ id: 'flux-pro', aspect_ratios: ['16:9', '1:1'] },
	{ id: 'sketch-lite', aspect_ratios: ['1:1'] },
];

describe('a model and its options, chosen from the listing', () => {
	test('the model with the chosen id', () => {
		expect(findModel(models, 'sketch-lite', 'image')).toBe(models[1]);
	});

	test('an id not in the listing is refused, naming the listing and every model in it', () => {
		expect(() => findModel(models, 'flux', 'image')).toThrow(
			'Model "flux" is not in the image model listing; available: flux-pro, sketch-lite',
		);
		expect(() => findModel([], 'x', 'video')).toThrow(/video model listing; available: none$/);
	});

	test('a resolution the model offers is taken; another is refused with the allowed ones', () => {
		expect(() => checkResolution(models[0], '1080p', ['720p', '1080p'])).not.toThrow();
		expect(() => checkResolution(models[0], '4k', ['720p', '1080p'])).toThrow(
			'Resolution "4k" is not offered by flux-pro; allowed: 720p, 1080p',
		);
	});

	test('no aspect ratio leaves it to the service; a chosen one must be offered', () => {
		expect(() => checkAspectRatio(models[1], '')).not.toThrow();
		expect(() => checkAspectRatio(models[0], '16:9')).not.toThrow();
		expect(() => checkAspectRatio(models[1], '16:9')).toThrow(
			'Aspect Ratio "16:9" is not offered by sketch-lite; allowed: 1:1',
		);
	});
});
