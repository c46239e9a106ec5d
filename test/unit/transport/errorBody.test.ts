import {
	describeBody,
	formatValidationDetail,
} from '../../../nodes/MediaGeneration/transport/errorBody';

describe('error texts', () => {
	test('a 2.10 body becomes one "field: message" line per item', () => {
		const detail = [
			{
				loc: ['body', 'prompt'],
				msg: 'String should have at least 1 character',
				type: 'string_too_short',
			},
			{
				loc: ['body', 'reference_image_ids', '0'],
				msg: 'Input should be a valid UUID',
				type: 'uuid_parsing',
			},
			{ loc: ['body'], msg: 'mixed modes', type: 'value_error' },
		];
		expect(formatValidationDetail(detail)).toBe(
			'prompt: String should have at least 1 character\nreference_image_ids.0: Input should be a valid UUID\nbody: mixed modes',
		);
	});

	test('any body shape gives a readable text', () => {
		expect(describeBody({ detail: 'Job not found.' })).toBe('Job not found.');
		expect(describeBody({ message: 'nope' })).toBe('nope');
		expect(describeBody({ error: { message: 'deep' } })).toBe('deep');
		expect(describeBody('{"detail":"as text"}')).toBe('as text');
		expect(describeBody('<html><body><h1>502 Bad Gateway</h1></body></html>')).toBe(
			'502 Bad Gateway',
		);
		expect(describeBody(Buffer.from('plain'))).toBe('plain');
		expect(describeBody(undefined)).toBeUndefined();
	});
});
