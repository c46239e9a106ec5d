import { checkId, parseIdList, parseList } from '../../../nodes/MediaGeneration/validation/ids';

const A = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const B = '9b2d7c1e-0a4f-4e8b-8c6d-1f2e3d4c5b6a';

describe('lists of ids and fields', () => {
	test('commas, newlines and arrays', () => {
		expect(parseList(' a, b\nc ,, ')).toEqual(['a', 'b', 'c']);
		expect(parseList(['x', ' y '])).toEqual(['x', 'y']);
		expect(parseList(undefined)).toEqual([]);
	});

	test('a list from an expression: numbers read as digits, empty entries dropped', () => {
		expect(parseList([1, null, '', ' 2 '], 'Tags')).toEqual(['1', '2']);
		expect(parseList(42, 'Tags')).toEqual(['42']);
	});

	test('an entry that is a list or an object is refused, naming the field', () => {
		expect(() => parseList([['a']], 'Tags')).toThrow('Tags: each entry must be text, not a list');
		expect(() => parseList([{ id: 'a' }], 'Tags')).toThrow(
			'Tags: each entry must be text, not an object',
		);
		expect(() => parseList([{}])).toThrow(/^This field: each entry/);
	});

	test('an entry may hold 1000 characters, a whole field 100000', () => {
		expect(parseList(['x'.repeat(1000)], 'Tags')).toHaveLength(1);
		expect(() => parseList(['x'.repeat(1001)], 'Tags')).toThrow(/^Tags is 1001 characters long/);
		expect(() => parseList('x,'.repeat(50_001), 'Tags')).toThrow(/^Tags is 100002 characters long/);
	});

	test('ids must be UUIDs', () => {
		expect(parseIdList('3FA85F64-5717-4562-B3FC-2C963F66AFA6', 'F')).toHaveLength(1);
		expect(() => parseIdList('abc', 'Start Frame')).toThrow(/Start Frame: "abc" is not an ID/);
	});

	test('several ids keep their order; the first that is not one is named with an example', () => {
		expect(parseIdList(`${B}, ${A}`, 'Reference Images')).toEqual([B, A]);
		expect(parseIdList([A], 'Reference Images')).toEqual([A]);
		expect(() => parseIdList(`${A}, x${B}, nope`, 'Reference Images')).toThrow(
			new RegExp(`^Reference Images: "x${B}" is not an ID; expected ids like [0-9a-f-]{36}`),
		);
		expect(() => parseIdList(`${A}0`, 'Reference Images')).toThrow(/is not an ID/);
	});

	test('an id is text, never a number', () => {
		expect(() => parseIdList(12, 'Start Frame')).toThrow(
			'Start Frame must be text, not the number 12',
		);
		expect(() => parseIdList([12], 'Start Frame')).toThrow(/not the number 12/);
	});

	test('one id: the id, or empty when none is given', () => {
		expect(checkId(` ${A} `, 'Job ID')).toBe(A);
		expect(checkId('', 'Job ID')).toBe('');
		expect(() => checkId('job-1', 'Job ID')).toThrow(/^Job ID: "job-1" is not an ID/);
	});
});
