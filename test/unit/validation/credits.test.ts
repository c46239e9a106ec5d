import { checkCredits } from '../../../nodes/MediaGeneration/validation/credits';

describe('credit guard', () => {
	test('0 means no limit', () => {
		expect(() => checkCredits(1000, 0, 'x')).not.toThrow();
		expect(() => checkCredits(10, 10, 'x')).not.toThrow();
		expect(() => checkCredits(11, 10, 'x')).toThrow(
			/estimated 11 credits \(x\), above Max Credits \(10\)/,
		);
	});
});
