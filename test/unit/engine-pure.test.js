'use strict';
const path = require('node:path');
const dist = (p) => require(path.resolve(__dirname, '../../dist/nodes/MediaGeneration', p));
const { pollDelayMs, nextPollAt, busyDelayMs } = dist('engine/schedule');
const { mapLimit, Slots } = dist('engine/limit');
const { outputFileName } = dist('engine/output');
const { jobState, resultFiles } = dist('engine/jobs');

describe('poll schedule', () => {
	test('starts at 1 s and grows by half each time up to the Poll Interval', () => {
		expect([0, 1, 2, 3, 4, 5, 6].map((n) => pollDelayMs(n, 5000))).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
		expect(pollDelayMs(0, 500)).toBe(500);
	});
	test('never waits past the deadline', () => {
		expect(nextPollAt(10_000, 5, 5000, 12_000)).toBe(12_000);
		expect(nextPollAt(10_000, 0, 5000, 60_000)).toBe(11_000);
		expect(nextPollAt(10_000, 0, 5000, 9_000)).toBe(10_000);
	});
	test('busy waits double up to the interval', () => {
		expect([1, 2, 3, 4, 5].map((n) => busyDelayMs(n, 10_000))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
	});
});

describe('mapLimit', () => {
	test('keeps order, caps how many run at once, and reports failures in place', async () => {
		let running = 0;
		let most = 0;
		const results = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (v) => {
			running++;
			most = Math.max(most, running);
			await new Promise((r) => setTimeout(r, v * 5));
			running--;
			if (v === 4) throw new Error('four');
			return v * 10;
		});
		expect(most).toBe(2);
		expect(results.map((r) => (r.ok ? r.value : r.error.message))).toEqual([50, 10, 'four', 20, 30, 0]);
	});
	test('Slots never lets more than its size run', async () => {
		const slots = new Slots(3);
		let running = 0;
		let most = 0;
		await Promise.all(Array.from({ length: 10 }, (_, i) => slots.run(async () => {
			running++;
			most = Math.max(most, running);
			await new Promise((r) => setTimeout(r, 5 + (i % 3)));
			running--;
		})));
		expect(most).toBe(3);
	});
});

describe('job results', () => {
	test('audio jobs have no status: finished and error are their states', () => {
		expect(jobState('podcast', { finished: false, error: false })).toBe('processing');
		expect(jobState('podcast', { finished: true, error: false, url: 'x' })).toBe('succeeded');
		expect(jobState('podcast', { finished: true, error: true })).toBe('failed');
		expect(jobState('podcast', {})).toBe('processing');
		expect(jobState('image', { status: 'queued' })).toBe('queued');
		expect(jobState('video', { status: 'weird' })).toBe('processing');
	});
	test('files of each kind', () => {
		expect(resultFiles('image', { images: [{ image_id: 'a', url: 'u1', width: 1, height: 2 }, { image_id: 'b', url: 'u2', width: 3, height: 4 }] }).map((f) => [f.url, f.json.image_number])).toEqual([['u1', 1], ['u2', 2]]);
		expect(resultFiles('video', { url: 'v', video_id: 'id', duration_ms: 5000 })[0].json).toMatchObject({ video_id: 'id', duration_ms: 5000 });
		expect(resultFiles('podcast', { url: 'a', script: 'Hi' })).toEqual([{ url: 'a', json: { script: 'Hi' } }]);
	});
	test('file names', () => {
		expect(outputFileName('image', 'abcdef123456', '', 1, 1, 'png')).toBe('image-abcdef12.png');
		expect(outputFileName('image', 'abcdef123456', 'cover.jpg', 2, 3, 'webp')).toBe('cover-2.webp');
		expect(outputFileName('podcast', 'abcdef123456', ' show ', 1, 1, 'mp3')).toBe('show.mp3');
	});
});
