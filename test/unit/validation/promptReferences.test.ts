import {
	referencedNumbers,
	checkPromptReferences,
} from '../../../nodes/MediaGeneration/validation/promptReferences';

describe('prompt references', () => {
	test('finds @Image N however it is spaced or cased', () => {
		expect(referencedNumbers('@Image 2 and @image3, again @Image 2', 'Image')).toEqual([2, 3]);
		expect(referencedNumbers('@Video 1', 'Image')).toEqual([]);
	});
	test('@Image 0 never matches an input', () => {
		expect(() => checkPromptReferences('@Image 0', 'Image', 2, 'reference images')).toThrow(
			/@Image 0/,
		);
	});
});
