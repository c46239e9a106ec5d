import { sleep } from 'n8n-workflow';

import { Breather } from '../../../../nodes/MediaGeneration/engine/limits/breather';

/** Work that never waits: `ms` of CPU in steps of about 1 ms, each after a breath. */
async function busyWork(ms: number, breather: Breather, tasks = 4): Promise<void> {
	const until = Date.now() + ms;
	await Promise.all(
		Array.from({ length: tasks }, async () => {
			while (Date.now() < until) {
				await breather.breathe();
				const step = Date.now() + 1;
				while (Date.now() < step) {
					// one item's checks
				}
			}
		}),
	);
}

describe('breather: long work that never waits hands the event loop back', () => {
	test('a timer due during 300 ms of work runs within a few ms of its time, not after the work', async () => {
		const due = Date.now() + 50;
		let ranAt = 0;
		const timer = sleep(50).then(() => (ranAt = Date.now()));
		await busyWork(300, new Breather());
		await timer;
		expect(ranAt).toBeGreaterThanOrEqual(due - 1);
		expect(ranAt - due).toBeLessThan(40);
	});

	test("others' work gets one turn after another while the loop is busy with it", async () => {
		// another execution: 100 turns of the loop, each after the one before, each with 4 ms of work
		const started = Date.now();
		let other = 0;
		const another = (async () => {
			for (let turn = 0; turn < 100; turn++) {
				await sleep(0);
				const step = Date.now() + 4;
				while (Date.now() < step) {
					// a step of its own
				}
			}
			other = Date.now() - started;
		})();
		await busyWork(1500, new Breather());
		await another;
		// its own 400 ms, and about a turn of the loop each: one stretch of the work per turn would
		// add 100 × 10 ms more
		expect(other).toBeLessThan(900);
	});
});
