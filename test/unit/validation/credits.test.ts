import { checkCredits, creditsPer } from '../../../nodes/MediaGeneration/validation/credits';

describe('credit guard', () => {
	test('0 means no limit', () => {
		expect(() => checkCredits(1000, 0, 'x')).not.toThrow();
		expect(() => checkCredits(10, 10, 'x')).not.toThrow();
		expect(() => checkCredits(11, 10, 'x')).toThrow(
			/estimated 11 credits \(x\), above Max Credits \(10\)/,
		);
	});
});

describe('credits in messages', () => {
	test('one credit, or several', () => {
		expect(creditsPer(1, 'image')).toBe('1 credit per image');
		expect(creditsPer(3, 'second')).toBe('3 credits per second');
	});

	test('the refusal names the estimate, how it was made, the limit and what to do', () => {
		expect(() => checkCredits(2, 1, '2 images')).toThrow(
			/^This item would cost an estimated 2 credits \(2 images\), above Max Credits \(1\)\. Raise Max Credits or choose a cheaper resolution, count or duration\.$/,
		);
		expect(() => checkCredits(1, 0.5, 'one image', 'ask for less')).toThrow(
			/estimated 1 credit \(one image\), above Max Credits \(0\.5\)\. Raise Max Credits or ask for less\.$/,
		);
	});

	test('no limit set (0 or less): any estimate passes', () => {
		expect(() => checkCredits(5, -1, 'x')).not.toThrow();
	});
});
