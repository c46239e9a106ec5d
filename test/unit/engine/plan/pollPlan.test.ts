/** The poll plan: when each job is polled, on a clock the test moves (pure logic, no HTTP). */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import { stepLimit } from './batchRun';
import {
	CLOSE_LEFT,
	patrolGap,
	TOLERANCE_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

const ids = (due: Array<{ id: number }>) => due.map((d) => d.id);
/** the patrol's gap for a young job alone: a round of the loop over one job, and a margin */
const ROUND = patrolGap(0, 1);

describe('poll plan', () => {
	afterEach(() => jest.restoreAllMocks());

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
		const step = stepLimit();
		// patrol polls, all found running, until the first is found ended past 40 s: by then the
		// patrol's gaps of a tenth of their age have left room in the budget
		while (plan.size === 20 && step()) {
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
		const step = stepLimit();
		while (step() && !ids(plan.due(next)).includes(1)) next = plan.wakeAt();
		expect(next).toBeGreaterThanOrEqual(queuedAt + endAge);
		expect(next).toBeLessThanOrEqual(queuedAt + endAge + TOLERANCE_MS);
	});

	test('the last job left is polled at least once a round, whatever the budget', () => {
		const plan = new PollPlan();
		// alike jobs: one ends early, three at 40 s, the last at 90 s; answers come at once
		const endsAt = [10_000, 40_000, 40_000, 40_000, 90_000];
		endsAt.forEach((_, id) => plan.add(id, 'alike', 0));
		const polls: number[] = [];
		const step = stepLimit();
		while (plan.size && step()) {
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

	test('when jobs have ended and the last few are left, each is watched closely at once', () => {
		const plan = new PollPlan();
		const step = stepLimit();
		// one job of its own kind, and a few alike others that run long
		for (let id = 0; id <= CLOSE_LEFT && step(); id++) plan.add(id, id ? 'b' : 'a', 0);
		let t = 0;
		let ended = false;
		while (!ended && step()) {
			t = plan.wakeAt();
			// job 0's answer comes last, after the others polled with it were scheduled
			for (const id of ids(plan.due(t)).sort((x, y) => y - x)) {
				ended ||= id === 0 && t >= 30_000;
				plan.seen(id, id === 0 && t >= 30_000);
			}
		}
		// job 0 ended: every other job is a last one, and polled within half a round, not at its
		// next patrol
		const next = new Set<number>();
		while (next.size < CLOSE_LEFT && step()) {
			const at = plan.wakeAt();
			expect(at - t).toBeLessThanOrEqual(ROUND / 2);
			for (const id of ids(plan.due(at))) next.add(id);
		}
	});

	test('the poll at Maximum Wait goes out with a poll due just before it, and only once', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { deadline: ROUND + TOLERANCE_MS });
		// the patrol's first poll is due a tolerance before Maximum Wait: one poll serves both
		expect(plan.wakeAt()).toBe(ROUND);
		expect(ids(plan.due(ROUND))).toEqual([0]);
		plan.seen(0, false);
		expect(plan.wakeAt()).toBeGreaterThan(ROUND + TOLERANCE_MS);
	});
});
