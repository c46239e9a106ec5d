import {
	followerGap,
	gapMs,
	lonePlan,
	MAX_GAP_MS,
	SURE_AGE_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';

describe('look schedule', () => {
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

	test('the safety net of alike jobs: 5 s while young, never past a late sight of a job that ends 22 s or more after its creation', () => {
		expect([0, 10_000, 18_000, 20_000, 22_000, 30_000, 60_000].map((e) => followerGap(e))).toEqual([
			5000, 5000, 5000, 3980, 1980, 2700, 5400,
		]);
		// from any age, the next look sees a job that ended at SURE_AGE_MS or later within 10 %
		const late: number[] = [];
		for (let age = 0; age <= 120_000; age += 100) {
			const end = Math.max(age, SURE_AGE_MS);
			const next = age + followerGap(age);
			if (next - end >= 0.1 * end) late.push(age);
		}
		expect(late).toEqual([]);
		expect(followerGap(30_000, 1500)).toBe(1500);
	});

	test('looks per job stay few for long jobs (a 30-minute podcast: under 75)', () => {
		const looks = Object.fromEntries(lengths.map((ms) => [ms / 1000, lonePlan(ms).looks]));
		// the figures the README states
		expect(looks).toEqual({
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
});
