import { normalizeBaseUrl } from '../../../nodes/MediaGeneration/transport/baseUrl';

describe('base URL', () => {
	test.each([
		['https://api.example.com/v1', 'https://api.example.com/v1'],
		['https://api.example.com/v1/', 'https://api.example.com/v1'],
		['  http://127.0.0.1:8080/v1// ', 'http://127.0.0.1:8080/v1'],
		['ftp://api.example.com/v1', undefined],
		['api.example.com/v1', undefined],
		['https://api.example.com/v1?x=1', undefined],
		['', undefined],
		[undefined, undefined],
	])('%j -> %j', (raw, expected) => expect(normalizeBaseUrl(raw)).toBe(expected));
});
