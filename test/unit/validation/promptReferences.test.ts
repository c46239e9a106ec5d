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

describe('prompt references and the inputs given', () => {
	test('numbers in order of value, each once', () => {
		expect(referencedNumbers('@Video 10, @Video 9, @VIDEO   2, @Video 9', 'Video')).toEqual([
			2, 9, 10,
		]);
	});

	test('references within the inputs given pass', () => {
		expect(() =>
			checkPromptReferences('@Image 1 and @Image 3', 'Image', 3, 'image inputs'),
		).not.toThrow();
		expect(() => checkPromptReferences('no references', 'Image', 0, 'image inputs')).not.toThrow();
	});

	test('the message names every missing reference and how many inputs there are', () => {
		const message = (prompt: string, given: number) => {
			try {
				checkPromptReferences(prompt, 'Image', given, 'reference images');
			} catch (error) {
				return (error as Error).message;
			}
			throw new Error('not refused');
		};
		expect(message('@Image 1', 0)).toMatch(
			/^Prompt refers to @Image 1, but no reference images are given\./,
		);
		expect(message('@Image 2', 1)).toMatch(/but only 1 reference images is given \(@Image 1\)\./);
		expect(message('@Image 5 @Image 3 @Image 2', 2)).toMatch(
			/^Prompt refers to @Image 3, @Image 5, but only 2 reference images are given \(@Image 1 to @Image 2\)\./,
		);
		expect(message('@Image 4', 1)).toMatch(
			/Add the missing reference images or change the prompt\.$/,
		);
	});
});
