/** Every wait the service asks for, kept between the node's own floor and ceiling; a kind backing off as a whole. */
import { sleep } from 'n8n-workflow';

import {
	parseRetryAfter,
	retryWaitMs,
	retryDelayMs,
	backoffFloorMs,
	askedWaitMs,
	RETRY_LIMITS,
} from '../../nodes/MediaGeneration/transport/retry';
import {
	busyWait,
	busyDelayMs,
	BUSY_BACKOFF,
} from '../../nodes/MediaGeneration/engine/limits/createGate';
import { Pace, type Ticket } from '../../nodes/MediaGeneration/transport/pace';

const now = Date.parse('2026-01-01T00:00:00Z');
const date = (offsetMs: number) => new Date(now + offsetMs).toUTCString();
const low = () => 0;
const high = () => 0.999999;

// each shape a deployment sends, and what it asks for by this host's clock
const SHAPES: Record<string, string> = {
	seconds: '3',
	zero: '0',
	negative: '-5',
	'past date': date(-3600_000),
	'future date': date(4000),
	'hours away': String(3 * 3600),
	garbage: 'soon, maybe',
};

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
	const step = (tries: number) => RETRY_LIMITS.baseDelayMs * 2 ** (tries - 1);

	test.each(Object.keys(SHAPES))(
		'%s: between the floor of our own step and the ceiling, at every try',
		(shape) => {
			for (let tries = 1; tries <= 10; tries++) {
				for (const random of [low, high]) {
					const ms = retryWaitMs(tries, SHAPES[shape], now, RETRY_LIMITS, random);
					expect(ms).toBeGreaterThanOrEqual(floor(tries));
					expect(ms).toBeLessThanOrEqual(RETRY_LIMITS.maxDelayMs);
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

	test.each(['zero', 'negative', 'past date', 'garbage'])(
		'%s: our own back-off, as without a Retry-After',
		(shape) => {
			for (const tries of [1, 3, 6]) {
				expect(askedWaitMs(tries, SHAPES[shape], now)).toBeUndefined();
				expect(retryWaitMs(tries, SHAPES[shape], now, RETRY_LIMITS, low)).toBe(floor(tries));
				expect(retryWaitMs(tries, SHAPES[shape], now, RETRY_LIMITS, () => 0.5)).toBe(
					Math.min(step(tries), RETRY_LIMITS.maxDelayMs),
				);
			}
		},
	);

	test('hours away: cut to the ceiling', () => {
		expect(retryWaitMs(1, SHAPES['hours away'], now)).toBe(RETRY_LIMITS.maxDelayMs);
		expect(retryWaitMs(1, date(2 * 3600_000), now)).toBe(RETRY_LIMITS.maxDelayMs);
	});

	test('an ask shorter than our current step gives way to the step', () => {
		// 2 s asked after 4 refusals in a row (our step: 4 s, floor 3 s)
		expect(retryWaitMs(4, '2', now, RETRY_LIMITS, () => 0.5)).toBe(4000);
		expect(retryWaitMs(4, '3', now)).toBe(3000);
	});
});

describe('audio creates waiting for a slot after 429', () => {
	test('our own waits double from 2 s to 15 s', () => {
		expect([1, 2, 3, 4, 5].map((n) => busyDelayMs(n))).toEqual([2000, 4000, 8000, 15_000, 15_000]);
	});

	test.each(Object.keys(SHAPES))('%s: between our own step (from 2 s) and 15 s', (shape) => {
		for (let tries = 1; tries <= 6; tries++) {
			const { ms } = busyWait(tries, SHAPES[shape], now);
			expect(ms).toBeGreaterThanOrEqual(busyDelayMs(tries));
			expect(ms).toBeLessThanOrEqual(BUSY_BACKOFF.maxDelayMs);
		}
	});

	test('only a Retry-After that was honoured counts as asked (it then outlasts our own job ending)', () => {
		expect(busyWait(1, SHAPES.seconds, now)).toEqual({ ms: 3000, asked: true });
		expect(busyWait(3, SHAPES.seconds, now)).toEqual({ ms: 8000, asked: false });
		expect(busyWait(1, SHAPES['hours away'], now)).toEqual({ ms: 15_000, asked: true });
		for (const shape of ['zero', 'negative', 'past date', 'garbage'])
			expect(busyWait(1, SHAPES[shape], now)).toEqual({ ms: 2000, asked: false });
	});
});

/** A ticket to send, or how long to wait: the tests know which they expect. */
const admit = (pace: Pace, at: number) => pace.admit(at) as Ticket;

describe('a kind of request backing off as a whole (Pace)', () => {
	const limit = { limit: 5 };
	const refusal = (retryAfter?: string) => ({ status: 429, retryAfter });

	test('while the service answers, every request goes at once', () => {
		const pace = new Pace(() => 0.5);
		for (let i = 0; i < 10; i++) expect(admit(pace, now)).toEqual({ streak: 0, probe: false });
	});

	test('after a refusal: one probe at a time, none before the wait, growing with each refusal in a row', () => {
		const pace = new Pace(() => 0.5);
		const first = [admit(pace, now), admit(pace, now), admit(pace, now)];
		// three sent together, refused together: one refusal
		for (const t of first) pace.refused(t, refusal('0'), now, 1);
		first.forEach((t) => pace.release(t));
		expect(pace.streak).toBe(1);
		expect(admit(pace, now + 100)).toEqual({ waitMs: 400 });
		const probe = admit(pace, now + 500);
		expect(probe).toEqual({ streak: 1, probe: true });
		expect(admit(pace, now + 500)).toEqual({ waitMs: Infinity }); // the others wait for its answer
		const next = pace.refused(probe, refusal('-5'), now + 600, 1);
		pace.release(probe);
		expect(pace.streak).toBe(2);
		expect(next).toBe(now + 600 + 1000);
		expect(admit(pace, now + 1000)).toEqual({ waitMs: 600 });
	});

	test('the first answer that is not a refusal lets everything go', () => {
		const pace = new Pace(() => 0.5);
		const t = admit(pace, now);
		pace.refused(t, refusal(), now, 1);
		pace.release(t);
		const probe = admit(pace, now + 1000);
		pace.answered();
		pace.release(probe);
		expect(admit(pace, now + 1000)).toEqual({ streak: 0, probe: false });
		expect(admit(pace, now + 1000)).toEqual({ streak: 0, probe: false });
	});

	test('waiting requests give up after `limit` refusals in a row while the kind backs off, or at `until`', () => {
		const pace = new Pace(() => 0.5);
		let at = now;
		for (let i = 0; i < 4; i++) {
			const t = { streak: pace.streak, probe: pace.streak > 0 };
			pace.refused(t, refusal(), at, i + 1);
			pace.release(t);
			at += 100;
		}
		expect(pace.givesUp(at, limit)).toBe(false);
		const openAt = pace.refused({ streak: 4, probe: true }, refusal('soon'), at, 5);
		expect(pace.givesUp(at, limit)).toBe(true);
		expect(pace.last).toEqual(refusal('soon'));
		// its wait over, one more request may try (and the rest give up if it is refused too)
		expect(pace.givesUp(openAt, limit)).toBe(false);
		expect(pace.givesUp(at, { limit: 5, until: at + 1 })).toBe(false);
		expect(pace.givesUp(at + 1, { limit: 5, until: at + 1 })).toBe(true);
		pace.answered();
		expect(pace.givesUp(at + 1, { limit: 5, until: at + 1 })).toBe(false);
	});

	test('turn() waits for the probe and wakes as soon as it is answered', async () => {
		const pace = new Pace(() => 0.5);
		const t = admit(pace, Date.now());
		pace.refused(t, refusal(), Date.now() - 10_000, 1); // its wait is long over
		pace.release(t);
		const probe = (await pace.turn({ notBefore: 0, limit: 5 }))!;
		expect(probe.probe).toBe(true);
		const started = Date.now();
		const waiting = pace.turn({ notBefore: 0, limit: 5 });
		void sleep(100).then(() => {
			pace.answered();
			pace.release(probe);
		});
		expect(await waiting).toEqual({ streak: 0, probe: false });
		expect(Date.now() - started).toBeLessThan(1000);
	});

	test('turn() rejects when its signal aborts', async () => {
		const pace = new Pace(() => 0.5);
		const stop = new AbortController();
		const waiting = pace.turn({ notBefore: Date.now() + 60_000, limit: 5, signal: stop.signal });
		void sleep(50).then(() => stop.abort());
		await expect(waiting).rejects.toBeDefined();
	});
});
