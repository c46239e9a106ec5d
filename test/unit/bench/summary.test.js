'use strict';
/** The bench's figures per case and side, and its tables of them (bench/summary.js, bench/tables.js). */
const { summarize } = require('../../../bench/summary');
const { markdown } = require('../../../bench/tables');

/** The tables of `summary`, measured at the epoch on a small machine. */
const tableOf = (summary) =>
	markdown(summary, {
		machine: { cpus: 2, memoryGb: 24, node: 'v24', n8n: '2' },
		command: 'npm run bench',
		started: new Date(0),
	});

describe('bench: summary', () => {
	test('ratios pair runs of the same round; growth subtracts the 4 KB run of the same side and round', () => {
		const variant = { key: 'c', label: 'videos', lowerBoundMs: 1000, baseline: true };
		const run = (side, repeat, nodeMs, peakRssMb, nativeHeapMb, files = 'full') => ({
			case: 'c',
			side,
			repeat,
			nodeMs,
			peakRssMb,
			nativeHeapMb,
			files,
			jobs: 3,
			requests: { creates: 3, polls: 6, downloads: 3, other: 1, rejected: 0 },
		});
		const [ours, hand] = summarize(
			[variant],
			[
				run('ours', 0, 1200, 500, 90),
				run('hand', 0, 1000, 480, 95),
				run('ours', 1, 3000, 520, 110),
				run('hand', 1, 2000, 470, 80),
				run('ours', 0, 900, 400, 15, '4 KB'),
				run('hand', 0, 900, 420, 16, '4 KB'),
				run('ours', 1, 900, 410, 14, '4 KB'),
			],
		);
		expect(ours.vsOtherSide).toEqual([1.2, 1.5]);
		expect(ours.vsLowerBound).toEqual([1.2, 3]);
		expect(ours.rssGrowthMb).toEqual([100, 110]);
		expect(hand.rssGrowthMb).toEqual([60, undefined]);
		expect(ours.nativeHeapGrowthMb).toEqual([75, 96]);
		expect(hand.nativeHeapGrowthMb).toEqual([79, undefined]);
		expect(ours.requestsPerJob).toMatchObject({ creates: 1, polls: 2, downloads: 1 });
		// the table gives memory growth as a range with its mean over the rounds
		const table = tableOf([ours, hand]);
		const cells = (side) =>
			table
				.split('\n')
				.find((line) => line.includes(side))
				.split(' | ');
		expect(cells('defaults').slice(7, 9)).toEqual(['100–110 (mean 105)', '75–96 (mean 86)']);
		expect(cells("n8n's own").slice(7, 9)).toEqual(['60', '79']);
		// paired with the hand-built's growth only where both sides have it (round 0 here)
		expect(ours.rssGrowthOverOtherSideMb).toEqual({ n: 1, mean: 40 });
		expect(ours.nativeHeapGrowthOverOtherSideMb).toEqual({ n: 1, mean: -4 });
		expect(table).toContain('| videos | 1 | +40 | −4 |');
		// node time paired by round: 1200 − 1000 and 3000 − 2000 ms, neither round ahead
		expect(ours.timeOverOtherSideMs).toMatchObject({ n: 2, mean: 600 });
		expect(ours.timeOverOtherSideMs.low).toBeCloseTo(600 - 12.71 * 400, 6);
		expect(table).toContain('| videos | 2 | +600 (−4484 to +5684) | 0 |');
	});

	test("a served case: items out, creates doubled, the last job's lag and the slowest small execution, by side", () => {
		const variant = { key: 'h', label: '100 images', lowerBoundMs: 5000, served: true, files: 100 };
		const run = (side, repeat, served) => ({
			case: 'h',
			side,
			repeat,
			nodeMs: 8000,
			peakRssMb: 800,
			files: 'full',
			jobs: 100,
			requests: { creates: 100, polls: 120, downloads: 100, other: 1, rejected: 0 },
			served,
		});
		const ping = { pings: 3, failedPings: 0, doubled: 0, itemsOut: 100 };
		const [ours, hand] = summarize(
			[variant],
			[
				run('ours', 0, { ...ping, lastLagMs: 300, slowestPingMs: 250 }),
				run('hand', 0, { ...ping, lastLagMs: 1900, slowestPingMs: 400 }),
				run('ours', 1, { ...ping, lastLagMs: 500, slowestPingMs: 1250 }),
				run('hand', 1, { ...ping, itemsOut: 99, doubled: 1, lastLagMs: 900, slowestPingMs: 300 }),
			],
		);
		expect(ours.served).toMatchObject({ pings: 6, doubled: 0, lastLagMs: [300, 500] });
		const table = tableOf([ours, hand]);
		expect(table).toContain(
			'| 100 images | Media Generation node, defaults | 100 of 100 (0) | 0.30–0.50 | 6 | 0.25–1.25 |',
		);
		expect(table).toContain(
			"|  | hand-built, n8n's own nodes | 99–100 of 100 (1) | 0.90–1.90 | 6 | 0.30–0.40 |",
		);
	});

	test('memory growth of the two sides, paired by round: mean difference and its 95 % interval', () => {
		const variant = { key: 'c', label: 'videos', baseline: true };
		const run = (side, repeat, peakRssMb, files = 'full') => ({
			case: 'c',
			side,
			repeat,
			nodeMs: 1000,
			peakRssMb,
			nativeHeapMb: peakRssMb - 400,
			files,
			jobs: 3,
			requests: { creates: 3, polls: 3, downloads: 3, other: 0, rejected: 0 },
		});
		// growth by round, ours against hand-built: 80/90, 95/85, 70/100, 85/85 (differences −10, +10, −30, 0)
		const records = [
			[80, 90],
			[95, 85],
			[70, 100],
			[85, 85],
		].flatMap(([ours, hand], repeat) => [
			run('ours', repeat, 400 + ours),
			run('ours', repeat, 400, '4 KB'),
			run('hand', repeat, 430 + hand),
			run('hand', repeat, 430, '4 KB'),
		]);
		const [ours, hand] = summarize([variant], records);
		// mean −7.5; sd 17.08; t(3) 3.18 × 17.08 / 2 = 27.2
		expect(ours.rssGrowthOverOtherSideMb.n).toBe(4);
		expect(ours.rssGrowthOverOtherSideMb.mean).toBeCloseTo(-7.5, 6);
		expect(ours.rssGrowthOverOtherSideMb.low).toBeCloseTo(-34.66, 1);
		expect(ours.rssGrowthOverOtherSideMb.high).toBeCloseTo(19.66, 1);
		expect(hand.rssGrowthOverOtherSideMb.mean).toBeCloseTo(7.5, 6);
		const table = tableOf([ours, hand]);
		expect(table).toContain('| videos | 4 | −8 (−35 to +20) | −8 (−35 to +20) |');
	});
});
