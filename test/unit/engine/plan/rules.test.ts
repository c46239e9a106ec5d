/** When a job is next looked at (rules.ts): the rule alone, on jobs set up by hand. */
import { Cohort } from '../../../../nodes/MediaGeneration/engine/plan/cohort';
import { newMember } from '../../../../nodes/MediaGeneration/engine/plan/member';
import { nextLook, type BatchView } from '../../../../nodes/MediaGeneration/engine/plan/rules';
import { gapMs, LOOP_GAP_MS } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

/** a batch of ten jobs, one of which has ended, with no room for looks of its own */
const batch: BatchView = {
	pending: 10,
	endsSeen: 1,
	drained: false,
	roomAt: Infinity,
	spareAt: Infinity,
};

/** a job of a cohort whose jobs turned out not to end together, last looked at `lastAt` */
function spreadJob(createdAt: number, lastAt: number, looks: number) {
	const c = new Cohort('same');
	c.spread = true;
	const m = newMember(0, c, createdAt, {});
	c.add(m);
	Object.assign(m, { lastAt, looks, startHi: createdAt + 100, notEndedAt: lastAt });
	return m;
}

describe('a job that may end at any time is looked at once per round of a 2 s loop started with it', () => {
	const R = LOOP_GAP_MS;
	test.each([
		// looked at on a round: the next round
		[2 * R, 2, 3 * R],
		// looked at just after a round, with fewer looks than the loop made by then: the next
		// round, not a look to catch up 0.9 s later
		[2 * R + 200, 1, 3 * R],
		[R + 900, 0, 2 * R],
		// looked at just before a round, too soon for that round: one loop gap later, inside
		// the round after it, not the round's end
		[3 * R - 50, 2, 4 * R - 50],
		[3 * R - 300, 3, 4 * R - 300],
	])('last looked at %i ms after its creation (%i looks): next at %i ms', (last, looks, next) => {
		const createdAt = 1000;
		const m = spreadJob(createdAt, createdAt + last, looks);
		expect(nextLook(m, batch).at - createdAt).toBe(next);
	});
});

describe('a job that may end at any time, in a batch with room to spare', () => {
	const createdAt = 1000;
	const last = createdAt + LOOP_GAP_MS + 200;
	const full = last + gapMs(last - createdAt);
	const round = createdAt + 2 * LOOP_GAP_MS;

	test('is looked at on the full schedule, a look taken only if the room is still there then', () => {
		const m = spreadJob(createdAt, last, 1);
		const next = nextLook(m, { ...batch, roomAt: -Infinity, spareAt: full });
		expect(next).toEqual({ at: full, routine: false, close: true, spare: true });
		expect(full).toBeLessThan(round);
	});

	test("waits for the loop round when the room left is the last jobs' reserve", () => {
		const m = spreadJob(createdAt, last, 1);
		const next = nextLook(m, { ...batch, roomAt: -Infinity, spareAt: full + 1 });
		expect(next).toEqual({ at: round, routine: false, close: false, spare: false });
	});

	test('once the batch is down to its last jobs, their close look spends the reserve too', () => {
		const m = spreadJob(createdAt, last, 1);
		const next = nextLook(m, { ...batch, pending: 3, roomAt: -Infinity, spareAt: Infinity });
		expect(next.close).toBe(true);
		expect(next.spare).toBe(false);
		expect(next.at).toBeLessThan(full);
	});
});
