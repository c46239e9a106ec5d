/** The poll plan's interface with the batch, on a clock the test moves (pure logic, no HTTP). */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';

const ids = (due: Array<{ id: number }>) => due.map((d) => d.id);

describe('poll plan', () => {
	test('a lone job is patrolled every 2.3 s, then every tenth of its age', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0);
		const at: number[] = [];
		for (let k = 0; k < 14; k++) {
			const t = plan.wakeAt();
			expect(ids(plan.due(t))).toEqual([0]);
			plan.seen(0, t + 10, false);
			at.push(t);
		}
		const gaps = at.map((t, i) => t - (at[i - 1] ?? 0));
		expect(gaps.slice(0, 10)).toEqual(Array(10).fill(2300));
		expect(gaps[13]).toBe(Math.round(0.09 * at[12]));
	});

	test('a job handed in is polled at once, and every Poll Interval after', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { now: true, capMs: 1000 });
		expect(ids(plan.due(0))).toEqual([0]);
		plan.seen(0, 5, false);
		expect(plan.wakeAt()).toBe(1000);
	});

	test('a job is polled at its Maximum Wait, between two patrol polls', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { deadline: 3000 });
		expect(ids(plan.due(plan.wakeAt()))).toEqual([0]);
		plan.seen(0, 2310, false);
		expect(plan.wakeAt()).toBe(3000);
		expect(ids(plan.due(3000))).toEqual([0]);
		plan.seen(0, 3010, false);
		// the poll at Maximum Wait is the last the user asked for; the batch times the job out
		expect(plan.wakeAt()).toBe(3000 + 2300);
	});

	test('when a job of a cohort is seen ended at age A, the others are polled at A, as far as the budget allows', () => {
		const plan = new PollPlan();
		for (let i = 0; i < 20; i++) plan.add(i, 'alike', i * 100);
		let t = 0;
		// patrol polls, all found running, until the first is found ended past 40 s: by then the
		// patrol's gaps of a tenth of their age have left room in the budget
		while (plan.size === 20) {
			t = plan.wakeAt();
			for (const id of ids(plan.due(t))) plan.seen(id, t + 5, t >= 40_000 && id === 0);
		}
		expect(plan.size).toBe(19);
		const endAge = t;
		t = plan.wakeAt();
		// job 1 was created 100 ms after job 0: it reaches that age 100 ms later
		expect(t).toBe(endAge + 100);
		expect(ids(plan.due(t))).toEqual([1]);
	});

	test('a job seen queued is timed from that poll', () => {
		const plan = new PollPlan();
		plan.add(0, 'q', 0);
		plan.add(1, 'q', 0);
		let t = plan.wakeAt();
		plan.due(t);
		plan.seen(0, t + 5, true); // ended at 2.3 s: the cohort's end age
		plan.seenQueued(1, t + 5);
		// timed from its queued poll, job 1 reaches that age 2.3 s later, with the patrol
		t = plan.wakeAt();
		expect(t).toBe(4600);
		expect(ids(plan.due(t))).toEqual([1]);
	});

	test('a job removed is polled no more', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0);
		plan.remove(0);
		expect(plan.has(0)).toBe(false);
		expect(plan.size).toBe(0);
		expect(plan.wakeAt()).toBe(Infinity);
	});
});
