/**
 * The poll plan's interface with the batch: the jobs it watches, which polls may wait behind other
 * requests, and a batch of thousands (pure logic, on a clock the test moves).
 */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import { linearWork, stepLimit } from './batchRun';
import {
	loopRound,
	PATROL_MARGIN_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

const ids = (due: Array<{ id: number }>) => due.map((d) => d.id);

describe('poll plan', () => {
	afterEach(() => jest.restoreAllMocks());

	test('a job removed is polled no more, however often it was polled before', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0);
		plan.add(1, 'a', 0);
		for (let k = 0; k < 4; k++) for (const id of ids(plan.due(plan.wakeAt()))) plan.seen(id, false);
		plan.remove(0);
		expect(plan.has(0)).toBe(false);
		expect(plan.size).toBe(1);
		for (let k = 0; k < 6; k++) {
			const due = ids(plan.due(plan.wakeAt()));
			expect(due).toEqual([1]);
			plan.seen(1, false);
		}
		plan.remove(1);
		expect(plan.wakeAt()).toBe(Infinity);
	});

	test('an answer or a removal for a job it does not watch changes nothing', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0);
		const next = plan.wakeAt();
		plan.seen(7, true);
		plan.seen(7, false);
		plan.seenQueued(7);
		plan.remove(7);
		expect(plan.size).toBe(1);
		expect(plan.wakeAt()).toBe(next);
	});

	test('patrol polls may wait behind other requests; a poll the user asked for may not', () => {
		const plan = new PollPlan();
		plan.add(0, 'a', 0, { now: true });
		plan.add(1, 'a', 0);
		expect(plan.due(0)).toEqual([{ id: 0, routine: false }]);
		plan.seen(0, false);
		// its patrol comes first, a round after its creation; the other's net later
		expect(plan.due(plan.wakeAt())).toEqual([{ id: 0, routine: true }]);
	});

	test('polls of the scout beyond the patrol may not wait behind other requests', () => {
		const plan = new PollPlan();
		for (let i = 0; i < 20; i++) plan.add(i, 'alike', i * 5);
		const scout: boolean[] = [];
		for (let k = 0; k < 60; k++)
			for (const { id, routine } of plan.due(plan.wakeAt())) {
				if (id === 0) scout.push(routine);
				plan.seen(id, false);
			}
		expect(scout).toContain(true);
		expect(scout).toContain(false);
	});

	test('a batch of thousands is planned in one pass: each job polled once a round of its loop', () => {
		const plan = new PollPlan();
		const n = 2000;
		linearWork(n);
		for (let id = 0; id < n; id++) plan.add(id, 'alike', id);
		const polled = new Set<number>();
		let t = 0;
		const step = stepLimit();
		while (polled.size < n && t < Infinity && step()) {
			t = plan.wakeAt();
			for (const id of ids(plan.due(t))) {
				polled.add(id);
				plan.seen(id, false);
			}
		}
		// the loop over n jobs polls each once a round; the plan's first polls come no later
		expect(t).toBeLessThanOrEqual(n + loopRound(n) + PATROL_MARGIN_MS);
	});
});
