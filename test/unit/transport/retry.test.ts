/** When a request is sent again, and every wait the service asks for, kept between the node's own floor and ceiling. */
import {
	askedWaitMs,
	backoffFloorMs,
	isRetryable,
	parseRetryAfter,
	retryDelayMs,
	retryWaitMs,
} from '../../../nodes/MediaGeneration/transport/retry';
import { RETRY_POLICY } from '../../../nodes/MediaGeneration/transport/retryPolicy';
import { httpDate, NOW as now, SHAPES, UNBELIEVABLE } from '../../support/retryAfter';

const REQUESTS = RETRY_POLICY.requestBackoff;
const low = () => 0;
const high = () => 0.999999;

describe('retry policy', () => {
	test('GET is retried on 5xx, 429 and network errors, up to the limit', () => {
		for (const status of [500, 502, 503, 429])
			expect(isRetryable({ intent: 'read', attempt: 1, status })).toBe(true);
		for (const networkCode of ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'])
			expect(isRetryable({ intent: 'read', attempt: 1, networkCode })).toBe(true);
		for (const status of [400, 401, 403, 404, 422])
			expect(isRetryable({ intent: 'read', attempt: 1, status })).toBe(false);
		expect(isRetryable({ intent: 'read', attempt: RETRY_POLICY.readAttempts, status: 503 })).toBe(
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
				attempt: RETRY_POLICY.createAttempts,
				status: 429,
			}),
		).toBe(false);
	});

	test('backoff grows exponentially with bounded jitter', () => {
		const mid = () => 0.5;
		expect(retryDelayMs({ intent: 'read', attempt: 1 }, 0, mid)).toBe(REQUESTS.baseDelayMs);
		expect(retryDelayMs({ intent: 'read', attempt: 3 }, 0, mid)).toBe(REQUESTS.baseDelayMs * 4);
		expect(retryDelayMs({ intent: 'read', attempt: 30 }, 0, mid)).toBe(REQUESTS.maxDelayMs);
		expect(retryDelayMs({ intent: 'read', attempt: 2 }, 0, () => 0)).toBe(
			REQUESTS.baseDelayMs * 2 * 0.75,
		);
	});
});

describe('reading Retry-After', () => {
	test.each([
		['seconds', 3000],
		['zero', 0],
		['negative', -5000],
		['past date', -3600_000],
		['future date', 4000],
		['hours away', 3 * 3600_000],
		['garbage', undefined],
	])('%s', (shape, ms) => expect(parseRetryAfter(SHAPES[shape], now)).toBe(ms));

	test('a bare number is seconds, never a date (JavaScript reads "-5" and "12" as years)', () => {
		expect(parseRetryAfter('12', now)).toBe(12_000);
		expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
		expect(parseRetryAfter('2026-01-01', now)).toBeUndefined();
		expect(parseRetryAfter('', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});
});

describe('the wait after a refusal, for each Retry-After shape', () => {
	const floor = (tries: number) => backoffFloorMs(tries);
	const step = (tries: number) => REQUESTS.baseDelayMs * 2 ** (tries - 1);

	test.each(Object.keys(SHAPES))(
		'%s: between the floor of our own step and the ceiling, at every try',
		(shape) => {
			for (let tries = 1; tries <= 10; tries++) {
				for (const random of [low, high]) {
					const ms = retryWaitMs(tries, SHAPES[shape], now, REQUESTS, random);
					expect(ms).toBeGreaterThanOrEqual(floor(tries));
					expect(ms).toBeLessThanOrEqual(REQUESTS.maxDelayMs);
				}
			}
		},
	);

	test('the floor starts near the base delay and grows with each refusal in a row, up to the ceiling', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 8].map(floor)).toEqual([
			375, 750, 1500, 3000, 6000, 12_000, 24_000, 30_000,
		]);
	});

	test('seconds and a future date within the bounds are honoured as asked', () => {
		expect(retryWaitMs(1, SHAPES.seconds, now)).toBe(3000);
		expect(retryWaitMs(1, SHAPES['future date'], now)).toBe(4000);
		expect(retryDelayMs({ intent: 'read', attempt: 2, retryAfter: '1' }, now)).toBe(1000);
	});

	test.each(UNBELIEVABLE)('%s: our own back-off, as without a Retry-After', (shape) => {
		for (const tries of [1, 3, 6]) {
			expect(askedWaitMs(tries, SHAPES[shape], now)).toBeUndefined();
			expect(retryWaitMs(tries, SHAPES[shape], now, REQUESTS, low)).toBe(floor(tries));
			expect(retryWaitMs(tries, SHAPES[shape], now, REQUESTS, () => 0.5)).toBe(
				Math.min(step(tries), REQUESTS.maxDelayMs),
			);
		}
	});

	test('hours away: cut to the ceiling', () => {
		expect(retryWaitMs(1, SHAPES['hours away'], now)).toBe(REQUESTS.maxDelayMs);
		expect(retryWaitMs(1, httpDate(2 * 3600_000), now)).toBe(REQUESTS.maxDelayMs);
	});

	test('an ask shorter than our current step gives way to the step', () => {
		// 2 s asked after 4 refusals in a row (our step: 4 s, floor 3 s)
		expect(retryWaitMs(4, '2', now, REQUESTS, () => 0.5)).toBe(4000);
		expect(retryWaitMs(4, '3', now)).toBe(3000);
	});
});
