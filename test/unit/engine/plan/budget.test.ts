/** The loop's budget (budget.ts): the polls beyond the patrol it allows, as the loop would poll. */
import { LoopBudget } from '../../../../nodes/MediaGeneration/engine/plan/budget';
import { loopRound } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

/** whether a poll that likely finds its job ended may go: it needs the budget not overdrawn */
const likely = (b: LoopBudget, taking = 0, margin = 0) => b.allows(taking, margin, true, 0);
/** whether any other poll may go, keeping `reserve` */
const other = (b: LoopBudget, reserve = 0, taking = 0) => b.allows(taking, 0, false, reserve);

/** A budget with `free` polls beyond the kept ones: one job, seen not ended `free` rounds old. */
function withFree(free: number): LoopBudget {
	const b = new LoopBudget();
	b.add(false);
	b.polled(1);
	b.notEnded(0, (free + 1) * loopRound(1), 1);
	return b;
}

describe('loop budget', () => {
	test('a job keeps a poll for its end: with nothing spent that poll may go, any other may not', () => {
		const b = new LoopBudget();
		b.add(false);
		expect(likely(b)).toBe(true);
		expect(other(b)).toBe(false);
		b.polled(1);
		expect(likely(b)).toBe(false);
	});

	test('a job polled at once allows one poll more, as the loop polls it at once too', () => {
		const b = new LoopBudget();
		b.add(true);
		b.polled(1);
		expect(likely(b)).toBe(true);
		b.polled(1);
		expect(likely(b)).toBe(false);
	});

	test('each job added keeps its own poll', () => {
		const b = new LoopBudget();
		b.add(true);
		b.add(false);
		b.polled(1);
		expect(likely(b)).toBe(true);
		b.polled(1);
		expect(likely(b)).toBe(false);
	});

	test('a poll that likely finds its job ended needs only the budget not overdrawn', () => {
		for (let free = 0; free < 6; free++) {
			const b = withFree(free);
			expect(likely(b, free)).toBe(true);
			expect(likely(b, free + 1)).toBe(false);
		}
	});

	test('any other poll must leave, once sent, one poll free beyond the kept ones and the reserve', () => {
		for (let free = 0; free < 8; free++) {
			for (let reserve = 0; reserve < 3; reserve++) {
				const leftAfter = free - 1;
				expect(other(withFree(free), reserve)).toBe(leftAfter >= 1 + reserve);
			}
		}
	});

	test('polls on their way count as spent', () => {
		for (let taking = 0; taking < 4; taking++) {
			const onTheirWay = withFree(3);
			const sent = withFree(3);
			sent.polled(taking);
			expect(likely(onTheirWay, taking)).toBe(likely(sent));
			expect(other(onTheirWay, 0, taking)).toBe(other(sent));
		}
	});

	test('a margin allows that many polls beyond the loop', () => {
		const b = withFree(0);
		b.polled(2);
		expect(likely(b, 0, 1)).toBe(false);
		expect(likely(b, 0, 2)).toBe(true);
	});

	test('a poll found a job not ended: one poll more for each whole round of the loop since the last', () => {
		const round = loopRound(1);
		const b = withFree(0);
		b.notEnded(round, 2 * round - 1, 1);
		expect(likely(b, 1)).toBe(false);
		b.notEnded(2 * round - 1, 3 * round, 1);
		expect(likely(b, 2)).toBe(true);
		expect(likely(b, 3)).toBe(false);
	});

	test("the loop's round is that of the batch's jobs: a large batch's round is longer", () => {
		const jobs = 200;
		const b = withFree(0);
		b.notEnded(0, loopRound(jobs) - 1, jobs);
		expect(likely(b, 1)).toBe(false);
		b.notEnded(0, loopRound(jobs), jobs);
		expect(likely(b, 1)).toBe(true);
	});

	test('a poll allowed is never taken back: an earlier age, or one before creation, allows nothing', () => {
		const b = withFree(2);
		b.notEnded(3 * loopRound(1), 0, 1);
		b.notEnded(-5 * loopRound(1), -loopRound(1), 1);
		expect(likely(b, 2)).toBe(true);
		expect(likely(b, 3)).toBe(false);
	});

	test('the kept poll a likely-ended poll takes is back when that poll finds its job not ended', () => {
		const b = new LoopBudget();
		b.add(false);
		b.add(false);
		// the first job's kept poll goes out: the other job's kept poll stays
		b.takeKept();
		b.polled(1);
		expect(likely(b)).toBe(true);
		expect(likely(b, 1)).toBe(false);
		// it found its job not ended: the job keeps a poll again, and the one spent is gone
		b.giveBackKept();
		expect(likely(b)).toBe(false);
	});

	test('a job that leaves gives its kept poll to the others', () => {
		const b = new LoopBudget();
		b.add(false);
		b.add(false);
		b.polled(1);
		expect(likely(b)).toBe(false);
		b.takeKept();
		expect(likely(b)).toBe(true);
	});
});
