/** When a job is next looked at (rules.ts): the rule alone, on jobs set up by hand. */
import { Cohort } from '../../../../nodes/MediaGeneration/engine/plan/cohort';
import { newMember } from '../../../../nodes/MediaGeneration/engine/plan/member';
import {
	LAST_JOB_SHARE,
	nextLook,
	type BatchView,
} from '../../../../nodes/MediaGeneration/engine/plan/rules';
import {
	fineGap,
	gapMs,
	LOOP_GAP_MS,
	loopRoundMs,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

/** a batch of ten jobs, one of which has ended, with no room for looks of its own */
const batch: BatchView = {
	pending: 10,
	endsSeen: 1,
	drained: false,
	roomAt: Infinity,
	spareAt: Infinity,
	quickAt: Infinity,
	windowAt: Infinity,
	closeFrom: -Infinity,
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
		expect(next).toEqual({ at: full, routine: false, close: true, keep: 'lastWave' });
		expect(full).toBeLessThan(round);
	});

	test("waits for the loop round when the room left is the last jobs' reserve", () => {
		const m = spreadJob(createdAt, last, 1);
		const next = nextLook(m, { ...batch, roomAt: -Infinity, spareAt: full + 1 });
		expect(next).toEqual({ at: round, routine: false, close: false, keep: 'none' });
	});

	test('once the batch is down to its last jobs, their close look spends the reserve too', () => {
		const m = spreadJob(createdAt, last, 1);
		const next = nextLook(m, { ...batch, pending: 3, roomAt: -Infinity, spareAt: Infinity });
		expect(next.close).toBe(true);
		expect(next.keep).toBe('none');
		expect(next.at).toBeLessThan(full);
	});
});

describe('the very last job of a batch', () => {
	const createdAt = 1000;
	// running for 3 s, looked at 4 s after its creation
	const last = createdAt + 4000;
	const lastJob = () => {
		const m = spreadJob(createdAt, last, 2);
		m.startLo = createdAt + 1000;
		return m;
	};
	const down = { ...batch, pending: 1, roomAt: -Infinity, spareAt: -Infinity };

	test('is looked at twice as often as the close watch while the batch has room beyond the reserve', () => {
		const next = nextLook(lastJob(), { ...down, quickAt: -Infinity });
		expect(next).toEqual({
			at: last + fineGap(3000) * LAST_JOB_SHARE,
			routine: false,
			close: true,
			keep: 'lastJob',
		});
		expect(next.at - last).toBe(250);
	});

	test('at the close pace once the room left is the reserve', () => {
		const next = nextLook(lastJob(), { ...down, quickAt: Infinity });
		expect(next).toEqual({ at: last + fineGap(3000), routine: false, close: true, keep: 'none' });
	});

	test('alone, at a gap from its last look, not at the phase it had among the last jobs', () => {
		// the close watch began 1.5 s before its last look, this job half way through its gap
		const phasedJob = () => Object.assign(lastJob(), { phase: 0.5 });
		const from = last - 1500;
		const gap = fineGap(3000);
		expect(nextLook(phasedJob(), { ...down, closeFrom: from }).at).toBe(last + gap);
		// of two left, each at its phase: half a gap after its last look, the next a gap later
		const two = nextLook(phasedJob(), { ...down, pending: 2, closeFrom: from });
		expect(two.at).toBe(last + gap / 2);
	});

	test('of two left, neither is looked at more often than the close pace', () => {
		const next = nextLook(lastJob(), { ...down, pending: 2, quickAt: -Infinity });
		expect(next.at).toBe(last + fineGap(3000));
		expect(next.keep).toBe('none');
	});

	test('with no room left, every round of a loop that polls it alone, not every 2.2 s', () => {
		// 40 s old, so that its full schedule is sparser than the loop's pace
		const m = spreadJob(0, 40_000, 18);
		const roomless = { ...down, roomAt: Infinity, spareAt: Infinity };
		expect(nextLook(m, roomless).at).toBe(40_000 + loopRoundMs(1));
		expect(loopRoundMs(1)).toBeLessThan(LOOP_GAP_MS);
		// of two left, each every 2.2 s
		expect(nextLook(m, { ...roomless, pending: 2 }).at).toBe(40_000 + LOOP_GAP_MS);
	});
});
