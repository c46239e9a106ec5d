import { sleep } from 'n8n-workflow';

import { mapLimit } from '../../../../nodes/MediaGeneration/engine/limits/mapLimit';

describe('mapLimit', () => {
	test('keeps order, caps how many run at once, and reports failures in place', async () => {
		let running = 0;
		let most = 0;
		const results = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (v) => {
			running++;
			most = Math.max(most, running);
			await sleep(v * 5);
			running--;
			if (v === 4) throw new Error('four');
			return v * 10;
		});
		expect(most).toBe(2);
		expect(results.map((r) => (r.ok ? r.value : (r.error as Error).message))).toEqual([
			50,
			10,
			'four',
			20,
			30,
			0,
		]);
	});
});
