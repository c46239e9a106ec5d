/** Parameters read as the type their field means, refused by the field's name otherwise. */
import {
	shown,
	readText,
	readNumber,
	readBoolean,
} from '../../../nodes/MediaGeneration/validation/values';

describe('reading parameters', () => {
	test('values in messages are short and printable', () => {
		expect(shown('x'.repeat(1000))).toHaveLength(58);
		expect(shown('a\u0000b\u202e')).toBe('a\\u0000b\\u202e');
		expect(shown({ a: [1] })).toBe('{"a":[1]}');
		expect(shown([])).toBe('[]');
	});

	test('text, numbers and yes/no refuse other types by the field name', () => {
		expect(readText(42, 'Prompt')).toBe('42');
		expect(readText(null, 'Prompt')).toBe('');
		expect(() => readText(['a'], 'Prompt')).toThrow('Prompt must be text, not a list');
		expect(() => readText({}, 'Prompt')).toThrow('Prompt must be text, not an object');
		expect(() => readText(NaN, 'Prompt')).toThrow('Prompt must be text, not NaN');
		expect(() => readText('x'.repeat(100_001), 'Prompt')).toThrow(
			'Prompt is 100001 characters long; at most 100000 are allowed',
		);
		expect(readNumber(' 2 ', 'Count', 1)).toBe(2);
		expect(readNumber('', 'Count', 1)).toBe(1);
		expect(() => readNumber('two', 'Count', 1)).toThrow(
			'Count must be a number, not the string two',
		);
		expect(() => readNumber(Infinity, 'Count', 1)).toThrow('Count must be a number, not Infinity');
		expect(() => readNumber([2], 'Count', 1)).toThrow('Count must be a number, not a list');
		expect(readBoolean('false', 'Loop', true)).toBe(false);
		expect(() => readBoolean(1, 'Loop', true)).toThrow(
			'Loop must be true or false, not the number 1',
		);
	});
});
