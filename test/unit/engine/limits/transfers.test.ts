/** How many large files are fetched at once: by the speed of single transfers (pure policy and its slots). */
import { sleep, type IBinaryData } from 'n8n-workflow';

import {
	transferLimit,
	TransferSlots,
	TRANSFER_SPEED,
} from '../../../../nodes/MediaGeneration/engine/limits/transfers';

const MB = 1024 * 1024;
const limits = { start: 1, min: 1, max: 4 };
const wait = sleep;

describe('transferLimit', () => {
	test('one at a time while a single transfer is fast', () => {
		expect(transferLimit(100 * MB, 1000, 1, limits)).toBe(1); // 100 MB/s
		expect(transferLimit(32 * MB, 1000, 3, limits)).toBe(1); // exactly fast
	});
	test('as many side by side as it takes to reach one fast transfer, up to the maximum', () => {
		expect(TRANSFER_SPEED.fastBytesPerSecond).toBe(32 * MB);
		expect(transferLimit(20 * MB, 1000, 1, limits)).toBe(2);
		expect(transferLimit(12 * MB, 1000, 1, limits)).toBe(3);
		expect(transferLimit(10 * MB, 1000, 1, limits)).toBe(4);
		expect(transferLimit(100 * MB, 100_000, 1, limits)).toBe(4); // 1 MB/s: capped
	});
	test('a small file says nothing about the speed: the limit stays', () => {
		expect(TRANSFER_SPEED.measuredFromBytes).toBe(4 * MB);
		expect(transferLimit(TRANSFER_SPEED.measuredFromBytes - 1, 60_000, 2, limits)).toBe(2);
		expect(transferLimit(0, 1, 3, limits)).toBe(3);
		expect(transferLimit(Number.NaN, 1, 3, limits)).toBe(3);
	});
	test('a transfer timed at 0 ms counts as 1 ms, not as infinitely fast or slow', () => {
		expect(transferLimit(8 * MB, 0, 3, limits)).toBe(1);
	});
});

describe('TransferSlots', () => {
	/** A task that "transfers" `bytes` in `ms`, counting how many run at once. */
	function tracker() {
		let now = 0;
		const t = {
			most: 0,
			task: (bytes: number, ms: number) => async (): Promise<IBinaryData> => {
				now++;
				t.most = Math.max(t.most, now);
				await wait(ms);
				now--;
				return { bytes } as IBinaryData;
			},
		};
		return t;
	}
	test('the first file goes alone; fast files keep it one at a time', async () => {
		const slots = new TransferSlots(limits);
		const t = tracker();
		// 8 MB in ~20 ms is about 400 MB/s
		await Promise.all(Array.from({ length: 4 }, () => slots.run(t.task(8 * MB, 20))));
		expect(t.most).toBe(1);
		expect(slots.peak).toBe(1);
	});
	test('after a slow file, the rest run side by side', async () => {
		const slots = new TransferSlots(limits);
		const t = tracker();
		// 5 MB in ~1 s is 5 MB/s: seven would be wanted, four is the most
		let mostDuringFirst;
		const first = slots.run(async () => {
			const result = await t.task(5 * MB, 1000)();
			mostDuringFirst = t.most;
			return result;
		});
		const rest = Array.from({ length: 4 }, () => slots.run(t.task(5 * MB, 50)));
		await Promise.all([first, ...rest]);
		expect(mostDuringFirst).toBe(1);
		expect(t.most).toBe(4);
		expect(slots.peak).toBe(4);
	});
	test('small files neither open nor close the slots', async () => {
		const slots = new TransferSlots({ start: 2, min: 1, max: 4 });
		const t = tracker();
		await Promise.all(Array.from({ length: 6 }, () => slots.run(t.task(1 * MB, 30))));
		expect(t.most).toBe(2);
	});
	test('a failed transfer frees its slot and leaves the limit', async () => {
		const slots = new TransferSlots(limits);
		const failing = slots.run(async () => {
			throw new Error('network');
		});
		const next = slots.run(async () => ({ bytes: 1 }) as IBinaryData);
		await expect(failing).rejects.toThrow('network');
		await expect(next).resolves.toEqual({ bytes: 1 });
	});
});
