import {
	LAST_JOB_CREDIT_PER_ROUND,
	lastJobCreditUntil,
	LoopBudget,
} from '../../../../nodes/MediaGeneration/engine/plan/budget';
import { Cohort } from '../../../../nodes/MediaGeneration/engine/plan/cohort';
import { newMember } from '../../../../nodes/MediaGeneration/engine/plan/member';
import { loopRoundMs } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

describe("the batch's budget: the hand-built loop's looks, counted on its measured rounds", () => {
	test('a round takes 2.03 s plus 8 ms per job polled, 2.2 s at most', () => {
		expect([1, 6, 20].map(loopRoundMs)).toEqual([2038, 2078, 2190]);
		expect(loopRoundMs(0)).toBe(2038);
		expect(loopRoundMs(21)).toBe(2198);
		expect([22, 200, 10_000].map(loopRoundMs)).toEqual([2200, 2200, 2200]);
	});

	test('room comes a round and a half after a lone job is created, sooner per job for twenty', () => {
		const one = new LoopBudget();
		one.added(0);
		// its first look is the batch's own once the loop has made 1.5 looks on average
		expect(one.roomAt(0)).toBeCloseTo(1.5 * 2038);

		const twenty = new LoopBudget();
		for (let i = 0; i < 20; i++) twenty.added(0);
		expect(twenty.roomAt(0)).toBeCloseTo(0.55 * 2190);
		twenty.looked(20);
		// twenty looks made: room for the 21st once the loop's twenty jobs have had 1.55 rounds
		expect(twenty.roomAt(0)).toBeCloseTo(1.55 * 2190);
		expect(twenty.roomAt(1.6 * 2190)).toBe(-Infinity);
	});

	test("once jobs leave, the clock runs at the pace of the ones still watched, and the loop's looks at those that left stay counted", () => {
		const b = new LoopBudget();
		b.added(0);
		b.added(0);
		// one job left at 3 s; the loop looked at it until 2.5 s: one round (2,046 ms) and the next
		b.removed(0, 2500, 3000);
		const roundsAt3s = 3000 / loopRoundMs(2);
		// the loop's 2 looks at the job that left and 1.47 at the one watched, less half a look
		expect(b.roomAt(3000)).toBe(-Infinity);
		b.looked(4);
		// 4 looks made: the fifth is room once the job watched has had 3.5 rounds, from 3 s on at
		// the pace of a round of one job
		expect(b.roomAt(3000)).toBeCloseTo(3000 + (3.5 - roundsAt3s) * loopRoundMs(1));
		b.looked(1);
		expect(b.roomAt(3100)).toBeCloseTo(3000 + (4.5 - roundsAt3s) * loopRoundMs(1));
	});

	test('a job created after the clock moved on is counted from its own creation', () => {
		const b = new LoopBudget();
		b.added(0);
		b.removed(0, 1000, 5000);
		b.added(4000);
		// the job created at 4 s is credited from 4 s, though the last change was at 5 s
		const rounds = 4000 / loopRoundMs(1);
		expect(b.roomAt(5000)).toBe(-Infinity);
		b.looked(3);
		// 3 looks made, 1 credited for the first job: the fourth is room once the second has had 3.5
		expect(b.roomAt(5000)).toBeCloseTo(5000 + (rounds + 3.5 - 5000 / loopRoundMs(1)) * 2038);
	});

	test('the very last job may spend half the span in which the loop saw the others end, two looks a round', () => {
		const R = loopRoundMs(2);
		const plain = new LoopBudget();
		const credited = new LoopBudget();
		for (const b of [plain, credited]) {
			b.added(0);
			b.added(0);
			b.looked(6);
		}
		// the job that ended was last found running at 3 rounds and found ended at 5: the loop saw
		// its end somewhere between, halfway on average
		plain.removed(0, 3 * R, 5 * R);
		credited.removed(0, 3 * R, 5 * R, 4 * R);
		const at = 5 * R;
		const one = loopRoundMs(1);
		// the loop's looks: 4 at the job that left, 5 rounds less half a look at the one watched
		// (8.5); with 9 made, the plain budget has room for the 10th after 6.5 rounds
		expect(plain.roomAt(at, 3)).toBeCloseTo(at + 1.5 * one);
		// a round of credit, unlocked two looks a round from 5 rounds on: room grows three looks a
		// round until it is spent, and the 10th comes after 5.5 rounds
		expect(LAST_JOB_CREDIT_PER_ROUND).toBe(2);
		expect(credited.roomAt(at, 3)).toBeCloseTo(at + 0.5 * one);
		// the credit is that one round: one look more than the plain budget in all, no more
		expect(credited.roomAt(at, 4)).toBeCloseTo(plain.roomAt(at, 3));
		expect(credited.roomAt(at + 2 * one, 4)).toBe(-Infinity);
		// the credit is the last job's alone: with two jobs watched, none
		credited.added(at);
		plain.added(at);
		expect(credited.roomAt(at, 2)).toBeCloseTo(plain.roomAt(at, 2));
	});

	test('the credit counts half the span of jobs that ran without a queue, none where the service queues', () => {
		const c = new Cohort('k');
		const m = newMember(1, c, 0, {});
		m.notEndedAt = 4000;
		expect(lastJobCreditUntil(m, 6000)).toBe(5000);
		expect(lastJobCreditUntil(m)).toBeUndefined();
		c.queues = true;
		expect(lastJobCreditUntil(m, 6000)).toBeUndefined();
	});
});
