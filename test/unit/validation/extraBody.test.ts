import { readExtraBody } from '../../../nodes/MediaGeneration/validation/extraBody';

const own = { prompt: 'Prompt', model_id: 'Model' };

describe('additional body fields', () => {
	test('a JSON object, as text or as an object from an expression', () => {
		expect(readExtraBody('{"seed": 42, "style": {"a": [1]}}', own)).toEqual({
			seed: 42,
			style: { a: [1] },
		});
		expect(readExtraBody({ seed: 1 }, own)).toEqual({ seed: 1 });
	});

	test('nothing given: no fields', () => {
		for (const value of [undefined, '', '   ', '{}', {}])
			expect(readExtraBody(value, own)).toEqual({});
	});

	test('not JSON, or not an object: refused, naming the option', () => {
		expect(() => readExtraBody('{"seed": ', own)).toThrow(
			/^Additional Body Fields \(JSON\) is not valid JSON \(.+\); give an object such as \{"seed": 42\}$/,
		);
		expect(() => readExtraBody('[1]', own)).toThrow(/must be a JSON object .*not a list$/);
		expect(() => readExtraBody('3', own)).toThrow(/not the number 3$/);
		expect(() => readExtraBody('null', own)).toThrow(/not null$/);
		expect(() => readExtraBody(true, own)).toThrow(/not the boolean true$/);
	});

	test('a field the node sets is refused, naming it and the form field', () => {
		expect(() => readExtraBody('{"seed": 1, "model_id": "x"}', own)).toThrow(
			'Additional Body Fields (JSON): "model_id" (set with Model) is set by the node itself; remove it from the JSON and use the node\'s field',
		);
		expect(() => readExtraBody({ prompt: 'a', model_id: 'b' }, own)).toThrow(
			/"prompt" \(set with Prompt\), "model_id" \(set with Model\) are set by the node itself; remove them/,
		);
	});

	test('names that only look like the lookup table’s own are fine; __proto__ is refused', () => {
		expect(readExtraBody('{"constructor": 1, "toString": 2}', own)).toEqual({
			constructor: 1,
			toString: 2,
		});
		expect(() => readExtraBody('{"__proto__": {"polluted": true}}', own)).toThrow(
			/"__proto__" cannot be a field name/,
		);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});
