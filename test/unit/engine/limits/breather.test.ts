import { sleep } from 'n8n-workflow';

import { Breather } from '../../../../nodes/MediaGeneration/engine/limits/breather';

/** Steps of the busy work done so far (busyWork). */
let workSteps = 0;

/** Work that never waits: `ms` of CPU in steps of about 1 ms, each after a breath. */
async function busyWork(ms: number, breather: Breather, tasks = 4): Promise<void> {
	const until = Date.now() + ms;
	await Promise.all(
		Array.from({ length: tasks }, async () => {
			while (Date.now() < until) {
				await breather.breathe();
				workSteps++;
				const step = Date.now() + 1;
				while (Date.now() < step) {
					// one item's checks
				}
			}
		}),
	);
}

describe('breather: long work that never waits hands the event loop back', () => {
	test('a timer due during 600 ms of work runs while the work goes on, not after it', async () => {
		const due = Date.now() + 50;
		let ranAt = 0;
		let stepsThen = 0;
		const timer = sleep(50).then(() => {
			ranAt = Date.now();
			stepsThen = workSteps;
		});
		const before = workSteps;
		await busyWork(600, new Breather());
		await timer;
		expect(ranAt).toBeGreaterThanOrEqual(due - 1);
		// the work was far from done when the timer ran (a loaded machine may delay it, but the
		// work's steps after it show it ran in the middle of the work, not at its end)
		expect(workSteps - stepsThen).toBeGreaterThan((workSteps - before) / 2);
	});

	test("others' work gets one turn after another while the loop is busy with it", async () => {
		// another execution: 100 turns of the loop, each after the one before, each with 4 ms of work
		let afterWork = 0;
		const another = (async () => {
			for (let turn = 0; turn < 100; turn++) {
				const steps = workSteps;
				await sleep(0);
				// a turn that came only after a stretch of the busy work
				if (workSteps !== steps) afterWork++;
				const step = Date.now() + 4;
				while (Date.now() < step) {
					// a step of its own
				}
			}
		})();
		await busyWork(1500, new Breather());
		await another;
		// one stretch of the work per turn would put work before every turn; a breath hands back
		// up to MAX_TURNS turns in a row, so that only a few turns wait for a stretch
		expect(afterWork).toBeLessThan(10);
	});

	test('tasks started all at once (one per item) breathe between their steps when each asks in the stretch of its step', async () => {
		const breather = new Breather();
		let steps = 0;
		let stepsThen = -1;
		const timer = sleep(20).then(() => {
			stepsThen = steps;
		});
		await Promise.all(
			Array.from({ length: 60 }, async () => {
				for (let breath = breather.due(); breath; breath = breather.due()) await breath;
				steps++;
				const step = Date.now() + 2;
				while (Date.now() < step) {
					// one item's parameters read
				}
			}),
		);
		await timer;
		// 120 ms of steps: the timer due after 20 ms ran among them, not after the last one
		expect(stepsThen).toBeGreaterThan(0);
		expect(stepsThen).toBeLessThan(40);
	});
});
