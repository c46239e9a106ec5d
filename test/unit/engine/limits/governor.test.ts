/** The adaptive limit on requests in flight (pure policy, and the semaphore that follows it). */
import { sleep } from 'n8n-workflow';

import {
	nextState,
	isFast,
	Governor,
} from '../../../../nodes/MediaGeneration/engine/limits/governor';
import { Breather } from '../../../../nodes/MediaGeneration/engine/limits/breather';

const limits = { start: 4, min: 1, max: 10 };
const start = { limit: 4, credit: 0, fastestMs: Infinity, rising: true };

describe('nextState', () => {
	test('while every answer is clean and fast, grows by one per answer (doubling each round trip)', () => {
		let s = start;
		for (let i = 0; i < 4; i++) s = nextState(s, 'ok', 20, limits);
		expect(s.limit).toBe(8);
		for (let i = 0; i < 200; i++) s = nextState(s, 'ok', 20, limits);
		expect(s.limit).toBe(10);
	});
	test('after a slow answer, grows by one for every `limit` clean, fast answers', () => {
		let s = nextState(start, 'ok', 20, limits);
		s = nextState(s, 'ok', 500, limits);
		expect(s).toMatchObject({ limit: 5, rising: false });
		for (let i = 0; i < 4; i++) s = nextState(s, 'ok', 20, limits);
		expect(s.limit).toBe(5);
		s = nextState(s, 'ok', 20, limits);
		expect(s.limit).toBe(6);
	});
	test('holds while answers are much slower than the fastest seen', () => {
		let s = nextState(start, 'ok', 20, limits);
		for (let i = 0; i < 50; i++) s = nextState(s, 'ok', 500, limits);
		expect(s.limit).toBe(5);
		expect(isFast(80, 20)).toBe(true);
		expect(isFast(200, 20)).toBe(false);
	});
	test('halves on congestion (429, 5xx, network errors), never below the minimum', () => {
		let s = { limit: 10, credit: 3, fastestMs: 20, rising: true };
		s = nextState(s, 'congested', 20, limits);
		expect(s).toEqual({ limit: 5, credit: 0, fastestMs: 20, rising: false });
		for (let i = 0; i < 10; i++) s = nextState(s, 'congested', 20, limits);
		expect(s.limit).toBe(1);
	});
});

describe('Governor', () => {
	const wait = sleep;
	test('never runs more tasks than its limit, and grows it while tasks come back clean', async () => {
		const g = new Governor({ start: 2, min: 1, max: 6 });
		let running = 0;
		let most = 0;
		await Promise.all(
			Array.from({ length: 60 }, () =>
				g.run(async () => {
					running++;
					most = Math.max(most, running);
					await wait(2);
					running--;
				}),
			),
		);
		expect(g.peak).toBe(most);
		expect(most).toBeLessThanOrEqual(6);
		expect(g.limit).toBeGreaterThan(2);
	});
	test('shrinks when tasks report congestion', async () => {
		const g = new Governor({ start: 8, min: 1, max: 16 });
		await Promise.all(
			Array.from({ length: 3 }, () =>
				g.run(
					async () => 'busy',
					() => 'congested',
				),
			),
		);
		expect(g.limit).toBe(1);
	});
	test('a task that can wait lets every other queued task go first', async () => {
		const g = new Governor({ start: 1, min: 1, max: 1 });
		const order: string[] = [];
		const task = (name: string) => async () => {
			order.push(name);
			await wait(2);
		};
		await Promise.all([
			g.run(task('first')),
			g.run(task('routine'), undefined, true),
			g.run(task('urgent')),
		]);
		expect(order).toEqual(['first', 'urgent', 'routine']);
	});
});

describe('Governor with a breather', () => {
	/** `count` tasks through `g`, each a request whose answer takes 1 ms of work to handle. */
	async function requests(g: Governor, count: number, done: { n: number }): Promise<void> {
		await Promise.all(
			Array.from({ length: count }, () =>
				g.run(async () => {
					await sleep(0);
					const step = Date.now() + 1;
					while (Date.now() < step) {
						// handling the answer
					}
					done.n++;
				}),
			),
		);
	}

	/** Of another execution's 40 turns of the loop, how many came with no answer handled since its last. */
	async function freeTurns(breather?: Breather): Promise<number> {
		const g = new Governor({ start: 16, min: 1, max: 16 });
		g.breather = breather;
		const done = { n: 0 };
		const batch = requests(g, 2000, done);
		await sleep(20);
		let free = 0;
		for (let turn = 0; turn < 40; turn++) {
			const before = done.n;
			await sleep(0);
			if (done.n === before) free++;
		}
		await batch;
		return free;
	}

	test("another execution gets turns of its own while the batch's answers keep the loop busy", async () => {
		// without breaths, answers are handled before each of its turns
		expect(await freeTurns()).toBeLessThanOrEqual(2);
		// with them, new requests wait while the loop is busy: about one turn in three is free
		expect(await freeTurns(new Breather())).toBeGreaterThanOrEqual(8);
		// two batches of 2,000 answers of 1 ms each: seconds of work, more on a loaded machine
	}, 30_000);
});
