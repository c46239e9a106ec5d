'use strict';
/** The benchmark's own arithmetic: the run times it asks of the fake, and how it reads the fake's log. */
const { spreadCase, shuffled, pixelsOf } = require('../../../harness/image-batches');
const { jobLags, requestCounts, resetService } = require('../../../bench/measure');
const { sampleRss } = require('../../../bench/rssSampler');
const { failures, summarize, markdown } = require('../../../bench/report');
const { useFakeService, api, waitForJob } = require('../../support/fake');
const { until } = require('../../../harness/wait');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 200 } });

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

describe('bench: reading the fake service', () => {
	test('requests by class, and each job seen finished at its first final poll', async () => {
		resetService(ref.svc);
		const { json } = await api(ref.svc, 'POST', '/image', {
			body: { prompt: 'A', model_id: 'flux-pro' },
		});
		await api(ref.svc, 'GET', `/image/${json.job_id}`);
		const done = await waitForJob(ref.svc, 'image', json.job_id);
		await api(ref.svc, 'GET', `/image/${json.job_id}`);
		await (await fetch(done.images[0].url)).arrayBuffer();
		await api(ref.svc, 'GET', '/image/models');

		const counts = requestCounts(ref.svc);
		const polls = ref.svc.state.requests.filter((r) => r.route === 'GET /image/:id');
		expect(counts).toEqual({
			creates: 1,
			polls: polls.length,
			downloads: 1,
			other: 1,
			rejected: 0,
		});

		const [lag] = jobLags(ref.svc);
		const job = ref.svc.state.jobs.get(json.job_id);
		const firstFinal = polls.find((r) => r.jobState === 'succeeded');
		expect(lag).toEqual({
			runMs: 200,
			endsAt: job.endsAt,
			lagMs: firstFinal.answeredAt - job.endsAt,
			allowedMs: 1000,
			within: true,
		});
		expect(lag.lagMs).toBeGreaterThanOrEqual(0);
	});
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
		const table = markdown([ours, hand], {
			machine: { cpus: 2, memoryGb: 24, node: 'v24', n8n: '2' },
			command: 'npm run bench',
			started: new Date(0),
		});
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
		const table = markdown([ours, hand], {
			machine: { cpus: 2, memoryGb: 24, node: 'v24', n8n: '2' },
			command: 'npm run bench',
			started: new Date(0),
		});
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
		const table = markdown([ours, hand], {
			machine: { cpus: 2, memoryGb: 24, node: 'v24', n8n: '2' },
			command: 'npm run bench',
			started: new Date(0),
		});
		expect(table).toContain('| videos | 4 | −8 (−35 to +20) | −8 (−35 to +20) |');
	});
});

describe('bench: memory sampling', () => {
	test('reads the peak RSS and the native heap of a running process from /proc', async () => {
		const sampler = sampleRss(process.pid, 10);
		// the sampling thread starts in some tens of ms
		await until(() => sampler.nativeHeapMb() > 0, 'the first sample', {
			timeoutMs: 5000,
			intervalMs: 20,
		});
		const peakMb = sampler.stop();
		const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
		const hwmMb = Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024;
		expect(peakMb).toBeGreaterThan(0);
		// the kernel sums its memory counters from per-CPU parts in batches: two reads moments apart,
		// from two threads, can differ by a few hundred kB (seen: 0.3 MB)
		expect(peakMb).toBeLessThanOrEqual(hwmMb + 1);
		expect(sampler.nativeHeapMb()).toBeGreaterThan(0);
		expect(sampler.nativeHeapMb()).toBeLessThan(peakMb);
	});

	test('samples on a thread of its own: the figures move while the main thread is held', async () => {
		const sampler = sampleRss(process.pid, 1);
		await until(() => sampler.highestRssMb() > 0, 'the first sample', {
			timeoutMs: 5000,
			intervalMs: 20,
		});
		// the sampled resident set, not the peak: a test process that once stood higher keeps its
		// peak (VmHWM) above anything a few hundred MB more can reach
		const before = sampler.highestRssMb();
		// the main thread never yields here: only another thread can see the memory grow
		const held = [];
		let seen = before;
		while (seen === before && held.length < 300) {
			held.push(Buffer.alloc(1024 * 1024, 1));
			seen = sampler.highestRssMb();
		}
		sampler.stop();
		expect(held.length).toBeGreaterThan(0);
		expect(seen).toBeGreaterThan(before);
	});
});

describe('bench: what failed runs mean for its exit', () => {
	const run = (side, error) => ({ case: 'h', side, error });

	test('a failed run of this node fails the bench, and is named by case and side', () => {
		const { lines, exitCode } = failures([run('ours', 'n8n exited 1'), run('hand')], {});
		expect(exitCode).toBe(1);
		expect(lines).toEqual(['  h Media Generation node, defaults: n8n exited 1']);
	});

	test('a failed hand-built run is listed but leaves the bench passing, except with --smoke', () => {
		const records = [run('ours'), run('hand', 'the Download node failed')];
		expect(failures(records, {})).toEqual({
			lines: ["  h hand-built, n8n's own nodes: the Download node failed"],
			exitCode: 0,
		});
		expect(failures(records, { smoke: true }).exitCode).toBe(1);
	});

	test('no failed run: nothing listed, exit 0', () => {
		expect(failures([run('ours'), run('hand')], { smoke: true })).toEqual({
			lines: [],
			exitCode: 0,
		});
	});
});
