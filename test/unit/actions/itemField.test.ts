import { fieldAt, itemFieldPath } from '../../../nodes/MediaGeneration/actions/itemField';

describe('a parameter that is a field of the incoming item', () => {
	test.each([
		['={{ $json.prompt }}', ['prompt']],
		['={{$json.prompt}}', ['prompt']],
		['={{ $json.a.b_2.$c }}', ['a', 'b_2', '$c']],
		["={{ $json['my field'] }}", ['my field']],
		['={{ $json["my field"].x }}', ['my field', 'x']],
		["={{ $json.scene['shot 1'] }}", ['scene', 'shot 1']],
	])('%s reads %j', (raw, path) => {
		expect(itemFieldPath(raw)).toEqual(path);
	});

	test.each([
		{ raw: '{{ $json.prompt }}', why: 'no "=": the text itself, not an expression' },
		{ raw: '={{ $json.prompt }} at dawn', why: 'more text around it' },
		{ raw: '={{ $json.prompt.trim() }}', why: 'a call' },
		{ raw: '={{ $json.items[0] }}', why: 'an index' },
		{ raw: '={{ $json }}', why: 'the whole item' },
		{ raw: '={{ $json.a }}{{ $json.b }}', why: 'two expressions' },
		{ raw: "={{ $('Set').item.json.prompt }}", why: 'another node' },
		{ raw: '={{ $json.constructor }}', why: 'a name n8n refuses' },
		{ raw: '={{ $json.__proto__.x }}', why: 'a name n8n refuses, on the way' },
		{ raw: "={{ $json['a\\'b'] }}", why: 'an escape in a quoted name' },
		{ raw: 7, why: 'a number' },
		{ raw: { __rl: true, mode: 'id', value: 'x' }, why: 'an object' },
	])('left to n8n: $why', ({ raw }) => {
		expect(itemFieldPath(raw)).toBeUndefined();
	});

	test('gives strings, numbers and booleans, own fields only', () => {
		const json = { s: 'text', n: 0, b: false, nested: { deep: 'yes' }, list: [1], nul: null };
		expect(fieldAt(json, ['s'])).toBe('text');
		expect(fieldAt(json, ['n'])).toBe(0);
		expect(fieldAt(json, ['b'])).toBe(false);
		expect(fieldAt(json, ['nested', 'deep'])).toBe('yes');
		// anything else is n8n's to give: an object, a list, null, a missing field, inherited names
		expect(fieldAt(json, ['nested'])).toBeUndefined();
		expect(fieldAt(json, ['list'])).toBeUndefined();
		expect(fieldAt(json, ['nul'])).toBeUndefined();
		expect(fieldAt(json, ['missing'])).toBeUndefined();
		expect(fieldAt(json, ['s', 'length'])).toBeUndefined();
		expect(fieldAt(json, ['toString'])).toBeUndefined();
		expect(fieldAt(undefined, ['s'])).toBeUndefined();
	});
});
