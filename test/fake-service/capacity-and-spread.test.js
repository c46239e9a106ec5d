'use strict';
const { useFakeService, api, waitForJob } = require('../support/fake');

const TIMING = { queueMs: 10, imageMs: 300, videoMs: 300 };
const ref = useFakeService({ timing: TIMING });
const image = (prompt, key) =>
	api(ref.svc, 'POST', '/image', { key, body: { prompt, model_id: 'sketch-lite' } });

describe('fake service: a capacity per user, and run times that vary', () => {
	afterEach(() => {
		ref.svc.state.capacity = Infinity;
		ref.svc.state.setSpread(0);
		ref.svc.state.timing.imageMs = TIMING.imageMs;
	});

	test('with capacity 2, the third and fourth jobs stay queued until a slot frees, first come first served', async () => {
		ref.svc.state.capacity = 2;
		// long enough that the looks below fall inside the first jobs' run on a loaded machine
		ref.svc.state.timing.imageMs = 1500;
		const ids = [];
		for (const p of ['a', 'b', 'c', 'd']) ids.push((await image(p)).json.job_id);
		const jobs = ids.map((id) => ref.svc.state.jobs.get(id));
		expect(jobs[2].startsAt).toBe(jobs[0].endsAt);
		expect(jobs[3].startsAt).toBe(jobs[1].endsAt);
		expect(jobs[2].endsAt - jobs[2].startsAt).toBe(1490);
		await new Promise((r) => setTimeout(r, 100));
		expect((await api(ref.svc, 'GET', `/image/${ids[2]}`)).json.status).toBe('queued');
		expect((await api(ref.svc, 'GET', `/image/${ids[0]}`)).json.status).toBe('processing');
		expect((await waitForJob(ref.svc, 'image', ids[3])).status).toBe('succeeded');
		// another user's jobs do not wait for these
		ref.svc.state.capacity = 1;
		const mine = (await image('e')).json.job_id;
		const bobs = (await image('f', 'test-key-bob')).json.job_id;
		expect(ref.svc.state.jobs.get(bobs).startsAt).toBeLessThan(ref.svc.state.jobs.get(mine).endsAt);
	});

	test('image and video jobs share the capacity; audio jobs do not count', async () => {
		ref.svc.state.capacity = 1;
		const first = (await image('g')).json.job_id;
		const video = (
			await api(ref.svc, 'POST', '/video', { body: { prompt: 'A clip', model_id: 'motion-fast' } })
		).json;
		const after = ref.svc.state.jobs.get(video.job_id);
		if (!after) throw new Error(`video create failed: ${JSON.stringify(video)}`);
		expect(after.startsAt).toBe(ref.svc.state.jobs.get(first).endsAt);
	});

	test('a spread varies run times within ± the fraction, and a seed repeats them', async () => {
		const lengths = async (seed) => {
			ref.svc.state.setSpread(0.3, seed);
			const out = [];
			for (let i = 0; i < 8; i++) {
				const job = ref.svc.state.jobs.get((await image(`s${i}`)).json.job_id);
				out.push(job.endsAt - job.createdAt);
			}
			return out;
		};
		const first = await lengths(7);
		expect(await lengths(7)).toEqual(first);
		expect(await lengths(8)).not.toEqual(first);
		expect(new Set(first).size).toBeGreaterThan(4);
		for (const ms of first) {
			expect(ms).toBeGreaterThanOrEqual(210);
			expect(ms).toBeLessThanOrEqual(390);
		}
	});
});
