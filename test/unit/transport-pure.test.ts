import {
	isRetryable,
	parseRetryAfter,
	retryDelayMs,
	RETRY_LIMITS,
} from '../../nodes/MediaGeneration/transport/retry';
import { normalizeBaseUrl } from '../../nodes/MediaGeneration/transport/baseUrl';
import { redact } from '../../nodes/MediaGeneration/transport/errors';
import {
	describeBody,
	formatValidationDetail,
} from '../../nodes/MediaGeneration/transport/errorBody';
import { networkCodeOf } from '../../nodes/MediaGeneration/transport/network';

describe('retry policy', () => {
	test('GET is retried on 5xx, 429 and network errors, up to the limit', () => {
		for (const status of [500, 502, 503, 429])
			expect(isRetryable({ intent: 'read', attempt: 1, status })).toBe(true);
		for (const networkCode of ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'])
			expect(isRetryable({ intent: 'read', attempt: 1, networkCode })).toBe(true);
		for (const status of [400, 401, 403, 404, 422])
			expect(isRetryable({ intent: 'read', attempt: 1, status })).toBe(false);
		expect(isRetryable({ intent: 'read', attempt: RETRY_LIMITS.safeAttempts, status: 503 })).toBe(
			false,
		);
	});

	test('POST is retried only when the service certainly did not take it', () => {
		expect(isRetryable({ intent: { create: 'image' }, attempt: 1, status: 429 })).toBe(true);
		expect(
			isRetryable({ intent: { create: 'image' }, attempt: 1, networkCode: 'ECONNREFUSED' }),
		).toBe(true);
		for (const status of [500, 502, 503, 504])
			expect(isRetryable({ intent: { create: 'image' }, attempt: 1, status })).toBe(false);
		for (const networkCode of ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENETWORK'])
			expect(isRetryable({ intent: { create: 'image' }, attempt: 1, networkCode })).toBe(false);
		expect(
			isRetryable({
				intent: { create: 'image' },
				attempt: RETRY_LIMITS.createAttempts,
				status: 429,
			}),
		).toBe(false);
	});

	test('Retry-After in seconds or as a date, capped', () => {
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(parseRetryAfter('3', now)).toBe(3000);
		expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(retryDelayMs({ intent: 'read', attempt: 1, retryAfter: '2' }, now)).toBe(2000);
		expect(retryDelayMs({ intent: 'read', attempt: 1, retryAfter: '3600' }, now)).toBe(
			RETRY_LIMITS.maxDelayMs,
		);
	});

	test('backoff grows exponentially with bounded jitter', () => {
		const mid = () => 0.5;
		expect(retryDelayMs({ intent: 'read', attempt: 1 }, 0, mid)).toBe(RETRY_LIMITS.baseDelayMs);
		expect(retryDelayMs({ intent: 'read', attempt: 3 }, 0, mid)).toBe(RETRY_LIMITS.baseDelayMs * 4);
		expect(retryDelayMs({ intent: 'read', attempt: 30 }, 0, mid)).toBe(RETRY_LIMITS.maxDelayMs);
		expect(retryDelayMs({ intent: 'read', attempt: 2 }, 0, () => 0)).toBe(
			RETRY_LIMITS.baseDelayMs * 2 * 0.75,
		);
	});
});

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

	test('a secret is removed wherever it appears', () => {
		expect(redact('key sk-123456 was sk-123456', 'sk-123456')).toBe(
			'key [redacted] was [redacted]',
		);
		expect(redact('nothing here', undefined)).toBe('nothing here');
	});

	test('network codes are found in nested causes and messages', () => {
		expect(networkCodeOf({ cause: { cause: { code: 'ECONNREFUSED' } } })).toBe('ECONNREFUSED');
		expect(networkCodeOf(new Error('socket hang up'))).toBe('ECONNRESET');
		expect(networkCodeOf(new Error('connect ETIMEDOUT 1.2.3.4:443'))).toBe('ETIMEDOUT');
		expect(networkCodeOf(new Error('other'))).toBeUndefined();
	});
});
