/** The poll plan's interface with the batch, on a clock the test moves (pure logic, no HTTP). */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import { patrolGap, TOLERANCE_MS } from '../../../../nodes/MediaGeneration/engine/plan/schedule';

const ids = (due: Array<{ id: number }>) => due.map((d) => d.id);
/** the patrol's gap for a young job alone: a round of the loop over one job, and a margin */
const ROUND = patrolGap(0, 1);

describe('poll plan', () => {
	test('a lone job is patrolled every round of the loop, then every tenth of its age', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0);
		const at: number[] = [];
		for (let k = 0; k < 14; k++) {
			const t = plan.wakeAt();
			expect(ids(plan.due(t))).toEqual([0]);
			plan.seen(0, false);
			at.push(t);
		}
		const gaps = at.map((t, i) => t - (at[i - 1] ?? 0));
		expect(gaps.slice(0, 10)).toEqual(Array(10).fill(ROUND));
		expect(gaps[13]).toBe(Math.round(0.09 * at[12]));
	});

	test('a job handed in is polled at once, and every Poll Interval after', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { now: true, capMs: 1000 });
		expect(ids(plan.due(0))).toEqual([0]);
		plan.seen(0, false);
		expect(plan.wakeAt()).toBe(1000);
	});

	test('a job is polled at its Maximum Wait, between two patrol polls', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { deadline: 3000 });
		expect(ids(plan.due(plan.wakeAt()))).toEqual([0]);
		plan.seen(0, false);
		expect(plan.wakeAt()).toBe(3000);
		expect(ids(plan.due(3000))).toEqual([0]);
		plan.seen(0, false);
		// the poll at Maximum Wait is the last the user asked for; the batch times the job out
		expect(plan.wakeAt()).toBe(3000 + ROUND);
	});

	test('when a job of a cohort is seen ended at age A, the others are polled at A, as far as the budget allows', () => {
		const plan = new PollPlan();
		for (let i = 0; i < 20; i++) plan.add(i, 'alike', i * 100);
		let t = 0;
		// patrol polls, all found running, until the first is found ended past 40 s: by then the
		// patrol's gaps of a tenth of their age have left room in the budget
		while (plan.size === 20) {
			t = plan.wakeAt();
			for (const id of ids(plan.due(t))) plan.seen(id, t >= 40_000 && id === 0);
		}
		expect(plan.size).toBe(19);
		const endAge = t;
		t = plan.wakeAt();
		// job 1 was created 100 ms after job 0: it reaches that age 100 ms later, a tolerance late
		expect(t).toBe(endAge + 100 + TOLERANCE_MS);
		expect(ids(plan.due(t))).toEqual([1]);
	});

	test('a job seen queued is timed from that poll', () => {
		const plan = new PollPlan();
		for (let i = 0; i < 6; i++) plan.add(i, 'q', 0);
		// job 0, the oldest, is seen ended at its first poll: the cohort's end age
		let t = plan.wakeAt();
		expect(ids(plan.due(t))).toEqual([0]);
		plan.seen(0, true);
		const endAge = t;
		// the others are polled at that age; job 1 is found queued, the rest running
		t = plan.wakeAt();
		expect(t).toBe(endAge + TOLERANCE_MS);
		expect(ids(plan.due(t)).sort()).toEqual([1, 2, 3, 4, 5]);
		plan.seenQueued(1);
		for (const id of [2, 3, 4, 5]) plan.seen(id, false);
		// timed from its queued poll, job 1 reaches the end age one end age later (polls due
		// within a tolerance of each other go out together)
		const queuedAt = t;
		let next = plan.wakeAt();
		while (!ids(plan.due(next)).includes(1)) next = plan.wakeAt();
		expect(next).toBeGreaterThanOrEqual(queuedAt + endAge);
		expect(next).toBeLessThanOrEqual(queuedAt + endAge + TOLERANCE_MS);
	});

	test('the last job left is polled at least once a round, whatever the budget', () => {
		const plan = new PollPlan();
		// alike jobs: one ends early, three at 40 s, the last at 90 s; answers come at once
		const endsAt = [10_000, 40_000, 40_000, 40_000, 90_000];
		endsAt.forEach((_, id) => plan.add(id, 'alike', 0));
		const polls: number[] = [];
		while (plan.size) {
			const t = plan.wakeAt();
			for (const id of ids(plan.due(t))) {
				if (plan.size === 1) polls.push(t);
				plan.seen(id, t >= endsAt[id]);
			}
		}
		const gaps = polls.slice(1).map((t, i) => t - polls[i]);
		expect(polls[polls.length - 1]).toBeGreaterThanOrEqual(90_000);
		expect(Math.max(...gaps)).toBeLessThanOrEqual(ROUND);
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
