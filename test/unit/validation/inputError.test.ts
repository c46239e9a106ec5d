import { InputError, list } from '../../../nodes/MediaGeneration/validation/inputError';

describe('errors in the parameters', () => {
	test('an InputError is an Error named for what it is, with its message', () => {
		const error = new InputError('Prompt is empty');
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('InputError');
		expect(error.message).toBe('Prompt is empty');
	});

	test('allowed values are listed with commas, or as "none"', () => {
		expect(list(['720p', 1080, '4k'])).toBe('720p, 1080, 4k');
		expect(list([])).toBe('none');
	});
});
