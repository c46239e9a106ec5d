/** A kind of request backing off as a whole after refusals: one probe at a time, all released by an answer. */
import { sleep } from 'n8n-workflow';

import { Pace, type Ticket } from '../../../nodes/MediaGeneration/transport/pace';
import { NOW as now } from '../../support/retryAfter';

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
