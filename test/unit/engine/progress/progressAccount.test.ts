/** What a chat hears of the node's jobs (progressAccount.ts), on a clock the test moves. */
import { spoken } from '../../../../nodes/MediaGeneration/engine/progress/lineWords';
import { ProgressAccount } from '../../../../nodes/MediaGeneration/engine/progress/progressAccount';

const T0 = 1_000_000;

/** An account of `n` video jobs (creates), and the lines it has said. */
function account(n: number, kind: 'video' | 'image' = 'video') {
	const lines: string[] = [];
	const jobs = Array.from({ length: n }, (_, pos) => ({
		pos,
		itemIndex: pos,
		kind,
		creates: true,
	}));
	const a = new ProgressAccount((l) => lines.push(l), jobs, T0);
	return { a, lines };
}

/** Ticks the account every second from `from` to `to` (ms after T0); the times notes were said. */
function tickThrough(a: ProgressAccount, lines: string[], from: number, to: number): number[] {
	const at: number[] = [];
	for (let t = from; t <= to; t += 1000) {
		const before = lines.length;
		a.tick(T0 + t);
		if (lines.length > before) at.push(t);
	}
	return at;
}

describe('one job', () => {
	test('created with what it is and its estimate, then only its changes of state', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: ['veo', 'text', '5 s'], credits: 40 }, T0 + 100);
		a.jobState(0, 'j1', 'queued');
		a.jobState(0, 'j1', 'queued');
		a.jobState(0, 'j1', 'processing');
		a.jobState(0, 'j1', 'processing');
		expect(lines).toEqual([
			'Video job j1 created (veo, text, 5 s): about 40 credits.',
			'Video job j1 is queued.',
			'Video job j1 is processing.',
		]);
	});

	test('a job taken up from an earlier try says so; an unknown estimate is left out', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: [], takenUp: true }, T0);
		expect(lines).toEqual(['Video job j1 taken up from an earlier try.']);
	});

	test('ready: one line per file with name, size and link; downloading told first', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: [] }, T0);
		a.jobDone(0, true);
		a.jobReady(0, [{ url: 'https://f/1', name: 'v.mp4', size: '1.2 MB' }, { url: 'https://f/2' }]);
		expect(lines.slice(1)).toEqual([
			'Video job j1 is done; downloading.',
			'Video ready: [v.mp4](https://f/1), 1.2 MB (link valid 24 hours).',
			'Video ready: [link](https://f/2) (link valid 24 hours).',
		]);
	});

	test('links only (Download Media off): no downloading line', () => {
		const { a, lines } = account(1);
		a.jobDone(0, false);
		expect(lines).toEqual([]);
	});

	test('a failure is told in its own words, once; nothing follows an ended job', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: [] }, T0);
		a.jobFailed(0, 'Video job j1 failed: flagged.');
		a.jobFailed(0, 'again');
		a.jobReady(0, [{ url: 'https://f/1' }]);
		a.jobState(0, 'j1', 'processing');
		a.jobDone(0, true);
		expect(lines.slice(1)).toEqual(['Video job j1 failed: flagged.']);
		expect(a.wakeAt()).toBe(Infinity);
	});

	test('how long it has run: never closer than 15 s, gaps growing, about a dozen at most', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: [] }, T0);
		a.jobState(0, 'j1', 'processing');
		const at = tickThrough(a, lines, 0, 3_600_000);
		expect(at.length).toBeGreaterThanOrEqual(5);
		expect(at.length).toBeLessThanOrEqual(12);
		const gaps = at.slice(1).map((t, i) => t - at[i]);
		expect(Math.min(at[0], ...gaps)).toBeGreaterThanOrEqual(15_000);
		gaps.slice(1).forEach((g, i) => expect(g).toBeGreaterThanOrEqual(gaps[i]));
		expect(lines[2]).toBe(`Video job j1 still processing after ${spoken(at[0])}.`);
	});

	test('a note is due only while a job runs, and the loop is woken for it', () => {
		const { a, lines } = account(1);
		a.jobCreated(0, 'j1', { what: [] }, T0);
		const due = a.wakeAt();
		a.tick(due - 1);
		expect(lines).toHaveLength(1);
		a.tick(due);
		expect(lines[1]).toMatch(/^Video job j1 still queued after/);
		a.jobReady(0, [{ url: 'u' }]);
		expect(a.wakeAt()).toBe(Infinity);
	});
});

describe('a batch', () => {
	test('starts with one line, and one more when every create is answered, with the credits', () => {
		const { a, lines } = account(3, 'image');
		a.jobCreated(0, 'a', { what: ['m'], credits: 2 }, T0);
		a.jobCreated(1, 'b', { what: ['m'], credits: 3 }, T0);
		expect(lines).toEqual(['Creating 3 image jobs.']);
		a.jobFailed(2, 'refused');
		expect(lines).toEqual([
			'Creating 3 image jobs.',
			'Item 2: refused',
			'2 of 3 image jobs created: about 5 credits in all.',
		]);
	});

	test('states are counted, not told; finished jobs are counted with their links', () => {
		const { a, lines } = account(2, 'image');
		a.jobCreated(0, 'a', { what: [] }, T0);
		a.jobCreated(1, 'b', { what: [] }, T0);
		a.jobState(0, 'a', 'processing');
		a.jobReady(1, [{ url: 'https://f/b', name: 'b.png', size: '20 kB' }]);
		a.tick(a.wakeAt());
		a.jobReady(0, [{ url: 'https://f/a' }]);
		a.summary();
		expect(lines.slice(2)).toEqual([
			'1 of 2 images ready: [b.png](https://f/b), 20 kB',
			'After 15 s: 1 of 2 images ready, 1 processing.',
			'2 of 2 images ready: [link](https://f/a)',
			'Done: 2 of 2 images ready. Links are valid 24 hours.',
		]);
	});

	test('a large batch: links of the first twenty jobs and the first ten failures, then counts', () => {
		const { a, lines } = account(100, 'image');
		for (let i = 0; i < 100; i++) a.jobCreated(i, `j${i}`, { what: [] }, T0);
		for (let i = 0; i < 60; i++) a.jobReady(i, [{ url: `u${i}` }]);
		for (let i = 60; i < 90; i++) a.jobFailed(i, `failed ${i}`);
		a.summary();
		expect(lines.filter((l) => / images ready: /.test(l))).toHaveLength(20);
		expect(lines.filter((l) => l.startsWith('Item '))).toHaveLength(10);
		expect(lines.at(-1)).toBe(
			'Done: 60 of 100 images ready, 30 failed, 10 still running. Links are valid 24 hours.',
		);
	});

	test('a job output as still running when its wait ends is not counted as failed', () => {
		const { a, lines } = account(2);
		a.jobReady(0, [{ url: 'u' }]);
		a.jobFailed(1, 'Video job b is not done within Maximum Wait', true);
		a.summary();
		expect(lines.at(-1)).toBe(
			'Done: 1 of 2 videos ready, 1 still running. Links are valid 24 hours.',
		);
	});

	test('a Download batch fetches, and jobs it does not follow are ignored', () => {
		const lines: string[] = [];
		const jobs = [0, 1].map((pos) => ({
			pos,
			itemIndex: pos,
			kind: 'podcast' as const,
			jobId: `p${pos}`,
			creates: false,
		}));
		const a = new ProgressAccount((l) => lines.push(l), jobs, T0);
		a.jobReady(7, [{ url: 'u' }]);
		a.tick(a.wakeAt());
		expect(lines).toEqual([
			'Fetching 2 audio file jobs.',
			'After 15 s: 0 of 2 audio files ready, 2 waiting.',
		]);
	});

	test('a single Download names its job from the start', () => {
		const lines: string[] = [];
		const job = { pos: 0, itemIndex: 0, kind: 'video' as const, jobId: 'v1', creates: false };
		const a = new ProgressAccount((l) => lines.push(l), [job], T0);
		a.jobDone(0, true);
		expect(lines).toEqual(['Video job v1 is done; downloading.']);
	});
});
