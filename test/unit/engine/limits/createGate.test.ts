import {
	busyDelayMs,
	busyWait,
	CreateGate,
} from '../../../../nodes/MediaGeneration/engine/limits/createGate';
import { JOB_KIND_TERMS } from '../../../../nodes/MediaGeneration/contract/jobs';
import { RETRY_POLICY } from '../../../../nodes/MediaGeneration/transport/retryPolicy';
import { NOW as now, SHAPES, UNBELIEVABLE } from '../../../support/retryAfter';

describe('audio creates waiting for a slot after 429', () => {
	test.each(Object.keys(SHAPES))('%s: between our own step (from 2 s) and 15 s', (shape) => {
		for (let tries = 1; tries <= 6; tries++) {
			const { ms } = busyWait(tries, SHAPES[shape], now);
			expect(ms).toBeGreaterThanOrEqual(busyDelayMs(tries));
			expect(ms).toBeLessThanOrEqual(RETRY_POLICY.busyBackoff.maxDelayMs);
		}
	});

	test('only a Retry-After that was honoured counts as asked (it then outlasts our own job ending)', () => {
		expect(busyWait(1, SHAPES.seconds, now)).toEqual({ ms: 3000, asked: true });
		expect(busyWait(3, SHAPES.seconds, now)).toEqual({ ms: 8000, asked: false });
		expect(busyWait(1, SHAPES['hours away'], now)).toEqual({ ms: 15_000, asked: true });
		for (const shape of UNBELIEVABLE)
			expect(busyWait(1, SHAPES[shape], now)).toEqual({ ms: 2000, asked: false });
	});
});

/** The create gate on a simulated clock: when audio creates may go after 429s. */
describe('CreateGate', () => {
	test('kinds the service queues always go, without limit', () => {
		const gate = new CreateGate();
		expect(gate.free('image', 500)).toBe(Infinity);
		gate.refused('image', gate.sent('image'), '30', 0);
		expect(gate.mayGo('video', 0, true)).toBe(true);
		expect(gate.mayGo('image', 1, true)).toBe(true);
	});

	test('audio: five slots, less the batch’s own jobs that hold one', () => {
		const gate = new CreateGate();
		expect(JOB_KIND_TERMS.podcast.slots).toBe(5);
		expect(gate.free('podcast', 0)).toBe(5);
		expect(gate.free('podcast', 4)).toBe(1);
		expect(gate.free('podcast', 5)).toBe(0);
		expect(gate.mayGo('podcast', 0, true)).toBe(true); // no 429 yet: creates go side by side
	});

	test('429s in a row wait 2 s, 4 s, 8 s, then 15 s at most; then one create at a time probes', () => {
		const gate = new CreateGate();
		let now = 1_000_000;
		const waits: number[] = [];
		for (let i = 0; i < 5; i++) {
			const stamp = gate.sent('podcast');
			gate.refused('podcast', stamp, undefined, now);
			const openAt = gate.openAt('podcast', now);
			waits.push(openAt - now);
			expect(gate.mayGo('podcast', openAt - 1, false)).toBe(false);
			expect(gate.mayGo('podcast', openAt, false)).toBe(true);
			expect(gate.mayGo('podcast', openAt, true)).toBe(false); // another create already probes
			now = openAt;
		}
		expect(waits).toEqual([2000, 4000, 8000, 15_000, 15_000]);
		gate.created('podcast');
		expect(gate.mayGo('podcast', now, true)).toBe(true);
	});

	test('creates sent together and refused together count as one refusal', () => {
		const gate = new CreateGate();
		const stamps = [gate.sent('podcast'), gate.sent('podcast'), gate.sent('podcast')];
		for (const s of stamps) gate.refused('podcast', s, undefined, 0);
		expect(gate.openAt('podcast', 0)).toBe(2000);
	});

	test('a slot of our own that frees ends our back-off, but never what Retry-After asked', () => {
		const gate = new CreateGate();
		gate.refused('podcast', gate.sent('podcast'), undefined, 0);
		gate.slotFreed('podcast');
		expect(gate.mayGo('podcast', 1, false)).toBe(true);

		const asked = new CreateGate();
		asked.refused('podcast', asked.sent('podcast'), '3', 0);
		expect(asked.openAt('podcast', 0)).toBe(3000);
		asked.slotFreed('podcast');
		expect(asked.mayGo('podcast', 2999, false)).toBe(false);
		expect(asked.mayGo('podcast', 3000, false)).toBe(true);
	});

	test('a Retry-After beyond the schedule’s bounds is replaced by our own step', () => {
		const gate = new CreateGate();
		gate.refused('podcast', gate.sent('podcast'), '3600', 0);
		const wait = gate.openAt('podcast', 0);
		expect(wait).toBeGreaterThanOrEqual(2000);
		expect(wait).toBeLessThanOrEqual(15_000);
	});
});
