/** What a batch of jobs shares: here, the request slots that bound what it has in flight. */
import { sleep, type IBinaryData } from 'n8n-workflow';

import { BatchState } from '../../../../nodes/MediaGeneration/engine/batch/batchState';
import {
	API_LIMITS,
	DOWNLOAD_LIMITS,
	MAX_IN_FLIGHT,
} from '../../../../nodes/MediaGeneration/engine/limits/governor';
import { fakeContext } from '../../../support/fakeContext';

const MB = 1024 * 1024;

describe('BatchState', () => {
	test('at most 64 API calls, 32 downloads and 4 videos in flight at once: MAX_IN_FLIGHT, 100 in all', async () => {
		const b = new BatchState(fakeContext([]), [], false);
		// fast, clean answers open the API and download slots as far as they go
		for (const [slots, most] of [
			[b.api, API_LIMITS.max],
			[b.downloads, DOWNLOAD_LIMITS.max],
		] as const) {
			for (let round = 0; slots.limit < most && round < 500; round++) {
				await Promise.all(Array.from({ length: 64 }, () => slots.run(async () => await sleep(1))));
			}
		}
		// one large video that came slowly (4 MB in 0.4 s) opens the video slots as far as they go
		await b.videoDownloads.run(async () => {
			await sleep(400);
			return { bytes: 4 * MB } as IBinaryData;
		});

		// then every kind of request at once, more of each than may go, each held until the count
		let running = 0;
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		const hold = async () => {
			running++;
			await held;
			running--;
		};
		const all = [
			...Array.from({ length: 100 }, () => b.api.run(hold)),
			...Array.from({ length: 100 }, () => b.downloads.run(hold)),
			...Array.from({ length: 100 }, () =>
				b.videoDownloads.run(async () => {
					await hold();
					return { bytes: 4 * MB } as IBinaryData;
				}),
			),
		];
		await sleep(50);
		const inFlight = running;
		release();
		await Promise.all(all);

		expect([b.api.peak, b.downloads.peak, b.videoDownloads.peak]).toEqual([64, 32, 4]);
		expect(inFlight).toBe(MAX_IN_FLIGHT);
		expect(MAX_IN_FLIGHT).toBe(100);
	});
});
