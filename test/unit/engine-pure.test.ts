import { gapMs, lonePlan, MAX_GAP_MS } from '../../nodes/MediaGeneration/engine/plan/schedule';
import { busyDelayMs } from '../../nodes/MediaGeneration/engine/limits/createGate';
import { mapLimit } from '../../nodes/MediaGeneration/engine/limits/mapLimit';
import { outputFileName } from '../../nodes/MediaGeneration/engine/jobs/jobOutput';
import { sleep, type IDataObject } from 'n8n-workflow';

import { JOB_KINDS, type JobKind } from '../../nodes/MediaGeneration/engine/jobs/jobKinds';

const jobState = (kind: JobKind, body: IDataObject) => JOB_KINDS[kind].state(body);
const resultFiles = (kind: JobKind, body: IDataObject) => JOB_KINDS[kind].files(body);

describe('poll schedule', () => {
	test("the gap is about a tenth of the job's age, at least 0.9 s, at most the Poll Interval or 5 minutes", () => {
		expect([0, 5_000, 10_000, 20_000, 60_000, 600_000].map((e) => gapMs(e))).toEqual([
			900, 900, 900, 1800, 5400, 54_000,
		]);
		expect(gapMs(10 * 3600_000)).toBe(MAX_GAP_MS);
		expect(gapMs(60_000, 2000)).toBe(2000);
		expect(gapMs(0, 500)).toBe(500);
	});

	// job lengths from 2 s to 2 h: the look that sees a job finished comes within max(1 s, 10 %)
	const lengths = [2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 7200].map((s) => s * 1000);
	test.each(lengths)(
		'a lone job of %i ms is seen finished within max(1 s, 10 %% of its run time)',
		(jobMs) => {
			const { lagMs } = lonePlan(jobMs);
			expect(lagMs).toBeGreaterThanOrEqual(0);
			expect(lagMs).toBeLessThanOrEqual(Math.max(1000, 0.1 * jobMs));
		},
	);

	test('looks per job stay few for long jobs (a 30-minute podcast: under 75)', () => {
		const polls = Object.fromEntries(lengths.map((ms) => [ms / 1000, lonePlan(ms).looks]));
		// the figures the README states
		expect(polls).toEqual({
			2: 3,
			5: 6,
			10: 12,
			20: 20,
			30: 24,
			60: 32,
			120: 40,
			300: 51,
			600: 59,
			1800: 72,
			3600: 80,
			7200: 92,
		});
	});

	test('busy waits double up to 15 s', () => {
		expect([1, 2, 3, 4, 5].map((n) => busyDelayMs(n))).toEqual([2000, 4000, 8000, 15_000, 15_000]);
	});
});

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
		expect(
			resultFiles('image', {
				images: [
					{ image_id: 'a', url: 'u1', width: 1, height: 2 },
					{ image_id: 'b', url: 'u2', width: 3, height: 4 },
				],
			}).map((f) => [f.url, f.json.image_number]),
		).toEqual([
			['u1', 1],
			['u2', 2],
		]);
		expect(
			resultFiles('video', { url: 'v', video_id: 'id', duration_ms: 5000 })[0].json,
		).toMatchObject({ video_id: 'id', duration_ms: 5000 });
		expect(resultFiles('podcast', { url: 'a', script: 'Hi' })).toEqual([
			{ url: 'a', json: { script: 'Hi' } },
		]);
	});
	test('file names', () => {
		expect(outputFileName('image', 'abcdef123456', '', 1, 1, 'png')).toBe('image-abcdef12.png');
		expect(outputFileName('image', 'abcdef123456', 'cover.jpg', 2, 3, 'webp')).toBe('cover-2.webp');
		expect(outputFileName('podcast', 'abcdef123456', ' show ', 1, 1, 'mp3')).toBe('show.mp3');
	});
});
