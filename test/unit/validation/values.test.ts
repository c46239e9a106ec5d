/** Parameters read as the type their field means, refused by the field's name otherwise. */
import {
	checkNamedId,
	kindOf,
	shown,
	readBoolean,
	readChoice,
	readIdText,
	readNumber,
	readText,
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

describe('values as messages show them', () => {
	test('numbers, yes/no, null and undefined read as themselves', () => {
		expect(shown(12.5)).toBe('12.5');
		expect(shown(NaN)).toBe('NaN');
		expect(shown(-Infinity)).toBe('-Infinity');
		expect(shown(false)).toBe('false');
		expect(shown(null)).toBe('null');
		expect(shown(undefined)).toBe('undefined');
	});

	test('a value JSON cannot show is named by its type', () => {
		const circular: Record<string, unknown> = {};
		circular.self = circular;
		expect(shown(circular)).toBe('object');
		expect(shown(() => 1)).toBe('function');
		expect(shown(Symbol('s'))).toBe('symbol');
	});

	test('up to 60 characters are shown whole; longer text is cut to 57 and an ellipsis', () => {
		expect(shown('x'.repeat(60))).toBe('x'.repeat(60));
		expect(shown('x'.repeat(61))).toBe(`${'x'.repeat(57)}…`);
	});

	test('control characters, line and paragraph separators and direction marks are escaped; other text is not', () => {
		const escaped = [
			'\u0000',
			'\u001f',
			'\u007f',
			'\u009f',
			'\u2028',
			'\u2029',
			'\u202a',
			'\u202e',
		];
		for (const c of escaped)
			expect(shown(`a${c}b`)).toBe(`a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b`);
		for (const c of [' ', '~', '\u00a0', 'é', '\u2027', '\u202f', '😀'])
			expect(shown(`a${c}b`)).toBe(`a${c}b`);
	});

	test('kinds in words: a list, an object, null, NaN, or the type and the value', () => {
		expect(kindOf([1])).toBe('a list');
		expect(kindOf({ a: 1 })).toBe('an object');
		expect(kindOf(null)).toBe('null');
		expect(kindOf(-Infinity)).toBe('-Infinity');
		expect(kindOf(3)).toBe('the number 3');
		expect(kindOf(true)).toBe('the boolean true');
		expect(kindOf('x')).toBe('the string x');
	});
});

describe('reading text fields', () => {
	test('text at the limit is taken; one character more is refused', () => {
		expect(readText('abc', 'Name', 3)).toBe('abc');
		expect(() => readText('abcd', 'Name', 3)).toThrow(/^Name is 4 characters long; at most 3/);
		expect(readText('x'.repeat(100_000), 'Prompt')).toHaveLength(100_000);
	});

	test('empty, null and undefined read as empty text', () => {
		expect(readText(undefined, 'Prompt')).toBe('');
		expect(readText('', 'Prompt')).toBe('');
	});

	test('a field that takes no numbers refuses one; no field takes yes/no as text', () => {
		expect(() => readText(7, 'Voice', 200, false)).toThrow('Voice must be text, not the number 7');
		expect(() => readText(true, 'Prompt')).toThrow('Prompt must be text, not the boolean true');
	});

	test('a choice is trimmed and at most 200 characters', () => {
		expect(readChoice('  1080p \n', 'Resolution')).toBe('1080p');
		expect(readChoice(720, 'Resolution')).toBe('720');
		expect(readChoice('x'.repeat(200), 'Resolution')).toHaveLength(200);
		expect(() => readChoice('x'.repeat(201), 'Resolution')).toThrow(
			/^Resolution is 201 characters long/,
		);
	});

	test('an id is text only, trimmed, at most 200 characters', () => {
		expect(readIdText(' voice-ava ', 'Voice ID')).toBe('voice-ava');
		expect(() => readIdText(42, 'Voice ID')).toThrow('Voice ID must be text, not the number 42');
		expect(readIdText('x'.repeat(200), 'Voice ID')).toHaveLength(200);
		expect(() => readIdText('x'.repeat(201), 'Voice ID')).toThrow(
			/^Voice ID is 201 characters long/,
		);
	});
});

describe('reading number and yes/no fields', () => {
	test('numbers and text holding one; empty, null and undefined give the default', () => {
		expect(readNumber(0, 'Count', 1)).toBe(0);
		expect(readNumber('-2.5', 'Count', 1)).toBe(-2.5);
		expect(readNumber(null, 'Count', 7)).toBe(7);
		expect(readNumber(undefined, 'Count', 7)).toBe(7);
	});

	test('blank text, yes/no, objects and NaN are not numbers', () => {
		expect(() => readNumber('  ', 'Count', 1)).toThrow(
			/^Count must be a number, not the string\s+$/,
		);
		expect(() => readNumber(true, 'Count', 1)).toThrow(
			'Count must be a number, not the boolean true',
		);
		expect(() => readNumber({}, 'Count', 1)).toThrow('Count must be a number, not an object');
		expect(() => readNumber(NaN, 'Count', 1)).toThrow('Count must be a number, not NaN');
	});

	test('yes/no: true and false or their text; empty, null and undefined give the default', () => {
		expect(readBoolean(true, 'Loop', false)).toBe(true);
		expect(readBoolean('true', 'Loop', false)).toBe(true);
		expect(readBoolean(false, 'Loop', true)).toBe(false);
		for (const empty of [undefined, null, '']) {
			expect(readBoolean(empty, 'Loop', true)).toBe(true);
			expect(readBoolean(empty, 'Loop', false)).toBe(false);
		}
		expect(() => readBoolean('yes', 'Loop', false)).toThrow(
			'Loop must be true or false, not the string yes',
		);
	});
});

describe('ids of voices and music tracks', () => {
	test('letters, digits and . _ : - only, 1 to 200 of them', () => {
		for (const id of ['voice-ava', 'a', 'en_US.v2:calm', 'x'.repeat(200)])
			expect(checkNamedId(id, 'Voice ID')).toBe(id);
		for (const id of ['', 'voice ava', 'a/b', 'x'.repeat(201), 'ok\nbad'])
			expect(() => checkNamedId(id, 'Voice ID')).toThrow(
				/^Voice ID: ".*" is not a valid id; ids hold letters, digits/,
			);
	});
});
