'use strict';
/** The run times the bench asks of the fake for jobs of different sizes (case e; harness/image-batches.js). */
const { spreadCase, shuffled, pixelsOf } = require('../../../harness/image-batches');

describe('bench: jobs of different sizes', () => {
	const { items, runMs, durations } = spreadCase(5000, 60000);

	test('20 distinct requests, run times from 5 s to 60 s growing with the pixels asked for', () => {
		expect(items).toHaveLength(20);
		expect(new Set(items.map((i) => `${i.resolution}×${i.number_of_images}`)).size).toBe(20);
		expect(Math.min(...durations)).toBe(5000);
		expect(Math.max(...durations)).toBe(60000);
		const byPixels = [...items].sort((x, y) => pixelsOf(x) - pixelsOf(y));
		byPixels
			.slice(1)
			.forEach((item, i) => expect(runMs(item)).toBeGreaterThanOrEqual(runMs(byPixels[i])));
	});

	test('the seeded order is a permutation and the same every time', () => {
		const a = shuffled(durations, 14);
		expect(a).toEqual(shuffled(durations, 14));
		expect(a).not.toEqual(durations);
		expect([...a].sort((x, y) => x - y)).toEqual([...durations].sort((x, y) => x - y));
	});
});
