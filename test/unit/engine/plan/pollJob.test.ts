/** One job's next polls (pollJob.ts), by the rules in pollPlan.ts: relations to schedule.ts's gaps. */
import {
	extraAt,
	isScout,
	likelyEnded,
	newJob,
	nextPatrol,
	runAgeOf,
} from '../../../../nodes/MediaGeneration/engine/plan/pollJob';
import type { Cohort, Job } from '../../../../nodes/MediaGeneration/engine/plan/pollJob';
import {
	CLOSE_LEFT,
	closeGap,
	GAP_FRACTION,
	lastFewGap,
	loopRound,
	netGap,
	patrolGap,
	scoutGap,
	TOLERANCE_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { stepLimit } from './batchRun';

/** a clock far from zero, so that an age is never mistaken for a time */
const T0 = 7_654_321;
const ROUND = loopRound(1);

/** A cohort with `count` jobs created at `createdAt`, the first its oldest; `endAgeMs` once one ended. */
function cohort(count: number, createdAt = T0, endAgeMs = Infinity): Job[] {
	const c: Cohort = { endAgeMs, jobs: new Set() };
	for (let id = 0; id < count; id++) c.jobs.add(newJob(id, c, createdAt, {}));
	return [...c.jobs];
}

/** Its last poll sent at `age` from its creation; run age from `startAge` (a poll that found it queued). */
function polledAt(j: Job, age: number, startAge = 0): Job {
	j.lastAt = j.createdAt + age;
	j.startFrom = j.createdAt + startAge;
	return j;
}

describe('a job of the poll plan', () => {
	test('a new job has no poll out, nothing extra due, and every age counts from its creation', () => {
		const j = newJob(3, { endAgeMs: Infinity, jobs: new Set() }, T0, {});
		expect(j).toMatchObject({ id: 3, busy: false, endPollOut: false, atOnce: false });
		expect(j).toMatchObject({ startFrom: T0, lastAt: T0, notEndedAt: T0, extraAt: Infinity });
		expect(j).toMatchObject({ capMs: Infinity, deadline: Infinity });
		expect(runAgeOf(j)).toBe(0);
		const asked = newJob(4, j.cohort, T0, { capMs: 1, deadline: T0 + 2, now: true });
		expect(asked).toMatchObject({ capMs: 1, deadline: T0 + 2, atOnce: true });
	});

	test('the oldest job of a cohort with no end seen is its scout; once an end is seen, none is', () => {
		const [oldest, other] = cohort(2);
		expect(isScout(oldest)).toBe(true);
		expect(isScout(other)).toBe(false);
		oldest.cohort.endAgeMs = ROUND;
		expect(isScout(oldest)).toBe(false);
	});

	test('shifting the clock shifts every poll alike', () => {
		const at = (createdAt: number, endAgeMs: number, age: number, startAge: number) => {
			const [scout, other] = cohort(2, createdAt, endAgeMs);
			const jobs = [polledAt(scout, age, startAge), polledAt(other, age, startAge)];
			return jobs.flatMap((j) => [nextPatrol(j, 2, 2), extraAt(j, 2), extraAt(j, Infinity)]);
		};
		for (const endAge of [Infinity, ROUND, 30 * ROUND])
			for (const [age, startAge] of [
				[0, 0],
				[ROUND, 0],
				[3 * ROUND, ROUND],
				[40 * ROUND, 0],
			]) {
				const later = at(T0, endAge, age, startAge).map((t) => t - T0);
				expect(later).toEqual(at(0, endAge, age, startAge));
			}
	});

	test('a scout is patrolled; any other job is on the net until its run age reaches the end age', () => {
		const [scout, other] = cohort(2);
		expect(nextPatrol(scout, 2, Infinity) - scout.lastAt).toBe(patrolGap(0, 2));
		expect(nextPatrol(other, 2, Infinity) - other.lastAt).toBe(netGap(0, 2));
		expect(netGap(0, 2)).toBeGreaterThan(patrolGap(0, 2));
	});

	test("a job on the net is polled at its cohort's end age by run age, a tolerance late", () => {
		const endAge = Math.round(netGap(0, 2) / 2);
		const [, other] = cohort(2, T0, endAge);
		polledAt(other, 0, 0);
		expect(nextPatrol(other, 2, Infinity)).toBe(other.startFrom + endAge + TOLERANCE_MS);
		// queued until one round: its run age, and so its end age, counts from that poll
		polledAt(other, ROUND, ROUND);
		expect(nextPatrol(other, 2, Infinity)).toBe(T0 + ROUND + endAge + TOLERANCE_MS);
	});

	test("a job seen running at its cohort's end age goes back to the patrol", () => {
		const endAge = ROUND;
		const [, other] = cohort(2, T0, endAge);
		for (const age of [endAge, endAge + 1, 3 * endAge]) {
			polledAt(other, age);
			expect(nextPatrol(other, 2, Infinity) - other.lastAt).toBe(patrolGap(age, 2));
		}
		expect(netGap(endAge, 2)).toBeGreaterThan(patrolGap(endAge, 2));
	});

	test('the patrol counts from creation, not from a poll that found the job queued', () => {
		const [scout] = cohort(1);
		const age = 100 * ROUND;
		polledAt(scout, age, age - 1);
		expect(nextPatrol(scout, 1, Infinity) - scout.lastAt).toBe(patrolGap(age, 1));
		expect(patrolGap(age, 1)).toBeGreaterThan(patrolGap(1, 1));
	});

	test('the last job left is polled once a round of the loop, whatever its age', () => {
		const [scout] = cohort(1);
		polledAt(scout, 100 * ROUND);
		expect(nextPatrol(scout, 1, 1) - scout.lastAt).toBe(patrolGap(0, 1));
		expect(nextPatrol(scout, 1, 2) - scout.lastAt).toBe(patrolGap(100 * ROUND, 1));
	});

	test('a scout is polled every scout gap of its run age; no other job is, until an end is seen', () => {
		const [scout, other] = cohort(2);
		for (const [age, startAge] of [
			[0, 0],
			[50 * ROUND, ROUND],
		]) {
			polledAt(scout, age, startAge);
			expect(extraAt(scout, Infinity) - scout.lastAt).toBe(scoutGap(age - startAge));
			expect(extraAt(polledAt(other, age, startAge), Infinity)).toBe(Infinity);
		}
	});

	test('past the end age, a job is watched closely until its run age passes it by the gap fraction', () => {
		// an end age whose bound is a whole number of ms, so the bound itself can be polled at
		let endAge = 10 * ROUND;
		const step = stepLimit();
		while (!Number.isInteger(endAge * (1 + GAP_FRACTION)) && step()) endAge++;
		const bound = endAge * (1 + GAP_FRACTION);
		const [, other] = cohort(2, T0, endAge);
		const close = (runAge: number) => {
			polledAt(other, ROUND + runAge, ROUND);
			const at = extraAt(other, Infinity);
			return at === other.lastAt + closeGap(runAge);
		};
		expect([endAge - 1, endAge, endAge + 1, bound - 1, bound].map(close)).toEqual([
			false,
			true,
			true,
			true,
			false,
		]);
	});

	test('with CLOSE_LEFT or fewer left, each is polled at the last few gap, a scout at the sooner of both', () => {
		const [scout, other] = cohort(2);
		for (const j of [scout, other]) polledAt(j, ROUND);
		const step = stepLimit();
		for (let left = 1; left <= CLOSE_LEFT && step(); left++) {
			expect(extraAt(other, left)).toBe(other.lastAt + lastFewGap(ROUND, left));
			const sooner = Math.min(scoutGap(ROUND), lastFewGap(ROUND, left));
			expect(extraAt(scout, left)).toBe(scout.lastAt + sooner);
		}
		expect(scoutGap(ROUND)).toBeLessThan(lastFewGap(ROUND, CLOSE_LEFT));
		expect(extraAt(other, CLOSE_LEFT + 1)).toBe(Infinity);
	});

	test("the poll at its cohort's end age likely finds a job ended, unless it was seen queued", () => {
		const endAge = 5 * ROUND;
		const [, other] = cohort(2, T0, endAge);
		for (const large of [false, true]) {
			expect(likelyEnded(polledAt(other, 0), large)).toBe(true);
			expect(likelyEnded(polledAt(other, endAge - 1), large)).toBe(true);
			expect(likelyEnded(polledAt(other, ROUND, ROUND), large)).toBe(false);
		}
	});

	test('once polled at its end age and found running, only a large batch expects the end, while near it', () => {
		const endAge = 5 * ROUND;
		const [, other] = cohort(2, T0, endAge);
		const nearEnd = [endAge, Math.floor(endAge * (1 + GAP_FRACTION)) - 1];
		for (const age of nearEnd) {
			expect(likelyEnded(polledAt(other, age), false)).toBe(false);
			expect(likelyEnded(polledAt(other, age), true)).toBe(true);
		}
		expect(likelyEnded(polledAt(other, 2 * endAge), true)).toBe(false);
		expect(likelyEnded(polledAt(other, 2 * endAge, ROUND), true)).toBe(false);
	});

	test('no poll is expected to find the end before any job of its cohort has ended', () => {
		const [scout, other] = cohort(2);
		for (const j of [scout, other])
			for (const large of [false, true]) expect(likelyEnded(polledAt(j, ROUND), large)).toBe(false);
	});
});
