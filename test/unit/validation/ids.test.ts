import { parseList, parseIdList } from '../../../nodes/MediaGeneration/validation/ids';

describe('lists of ids and fields', () => {
	test('commas, newlines and arrays', () => {
		expect(parseList(' a, b\nc ,, ')).toEqual(['a', 'b', 'c']);
		expect(parseList(['x', ' y '])).toEqual(['x', 'y']);
		expect(parseList(undefined)).toEqual([]);
	});
	test('ids must be UUIDs', () => {
		expect(parseIdList('3FA85F64-5717-4562-B3FC-2C963F66AFA6', 'F')).toHaveLength(1);
		expect(() => parseIdList('abc', 'Start Frame')).toThrow(/Start Frame: "abc" is not an ID/);
	});
});
