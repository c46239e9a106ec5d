/** The gaps of the poll plan's rules (schedule.ts), as relations between them: no tuning values. */
import {
	closeGap,
	lastFewGap,
	loopRound,
	MAX_GAP_MS,
	NET_MS,
	netGap,
	patrolGap,
	scoutGap,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

/** ages from a job's creation to well past the longest gap's reach, finely near the young end */
const AGES = [...Array(400).keys()].map((k) => Math.round(k ** 3 / 10));
const BATCHES = [1, 2, 10, 300];

describe('schedule', () => {
	test('the loop round grows with the jobs it polls, and a batch of one is no faster than none', () => {
		expect(loopRound(0)).toBe(loopRound(1));
		for (const n of BATCHES) expect(loopRound(n + 1)).toBeGreaterThan(loopRound(n));
	});

	test('the patrol never comes before the loop round, grows with age and stops at the longest gap', () => {
		for (const n of BATCHES) {
			let last = 0;
			for (const age of AGES) {
				const gap = patrolGap(age, n);
				expect(gap).toBeGreaterThan(loopRound(n));
				expect(gap).toBeGreaterThanOrEqual(last);
				expect(gap).toBeLessThanOrEqual(MAX_GAP_MS);
				last = gap;
			}
			expect(last).toBe(MAX_GAP_MS);
		}
	});

	test('the net never polls faster than the patrol, and nor more often than its own gap while young', () => {
		for (const n of BATCHES) {
			for (const age of AGES) {
				expect(netGap(age, n)).toBeGreaterThanOrEqual(patrolGap(age, n));
				if (age === 0) expect(netGap(age, n)).toBe(Math.max(NET_MS, patrolGap(age, n)));
			}
		}
	});

	test('the net reaches a job by ten rounds of age, when its target (a tenth of its age) is a round', () => {
		for (const n of BATCHES) {
			const tenRounds = 10 * loopRound(n);
			for (const age of AGES) {
				const next = age + netGap(age, n);
				expect(next).toBeLessThanOrEqual(Math.max(tenRounds, age + patrolGap(age, n)));
				if (age >= tenRounds) expect(netGap(age, n)).toBe(patrolGap(age, n));
			}
		}
	});

	test('the scout is polled more often than the patrol while young, as often once the patrol outgrows its floor', () => {
		expect(scoutGap(0)).toBeLessThan(patrolGap(0, 1));
		for (const age of AGES) expect(scoutGap(age)).toBeLessThanOrEqual(patrolGap(age, 1));
		const grownUp = AGES.filter((a) => patrolGap(a, 1) > patrolGap(0, 1));
		for (const age of grownUp) expect(scoutGap(age)).toBe(patrolGap(age, 1));
	});

	test("the close watch's gap is shorter than the scout's at every age it grows, never longer", () => {
		for (const age of AGES) {
			expect(closeGap(age)).toBeLessThanOrEqual(scoutGap(age));
			expect(closeGap(age)).toBeGreaterThanOrEqual(closeGap(0));
			if (scoutGap(age) > scoutGap(0) && scoutGap(age) < MAX_GAP_MS)
				expect(closeGap(age)).toBeLessThan(scoutGap(age));
		}
		expect(closeGap(AGES[AGES.length - 1] * 1000)).toBe(MAX_GAP_MS);
	});

	test('with k left, each of the last few is polled every close gap times k/2, never less than one close gap', () => {
		for (const age of AGES) {
			expect(lastFewGap(age, 1)).toBe(closeGap(age));
			expect(lastFewGap(age, 2)).toBe(closeGap(age));
			for (const k of [3, 5, 6, 9]) {
				expect(lastFewGap(age, k)).toBeGreaterThan(closeGap(age));
				// together the k make two polls a close gap
				expect((k * closeGap(age)) / lastFewGap(age, k)).toBeCloseTo(2, 9);
			}
		}
	});
});
