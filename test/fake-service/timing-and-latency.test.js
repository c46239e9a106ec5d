'use strict';
const { useFakeService, api } = require('../support/fake');

// image run time grows with the pixels asked for, as a real service's would
const ref = useFakeService({
	timing: {
		queueMs: 10,
		imageMs: (request) =>
			(request.resolution === '2k' ? 900 : 300) * (request.number_of_images ?? 1),
	},
});

describe('fake service: run times from the request, and added latency', () => {
	afterEach(() => {
		ref.svc.latencyMs = 0;
	});

	test('a run time given as a function of the request sets each job its own length', async () => {
		const small = await api(ref.svc, 'POST', '/image', {
			body: { prompt: 'A', model_id: 'flux-pro', resolution: '720p' },
		});
		const big = await api(ref.svc, 'POST', '/image', {
			body: { prompt: 'B', model_id: 'flux-pro', resolution: '2k', number_of_images: 2 },
		});
		const length = (id) => ref.svc.state.jobs.get(id).endsAt - ref.svc.state.jobs.get(id).createdAt;
		expect(length(small.json.job_id)).toBe(300);
		expect(length(big.json.job_id)).toBe(1800);
	});

	test('latencyMs delays every API answer but not the result files, and polls record the state they saw', async () => {
		const t0 = Date.now();
		await api(ref.svc, 'GET', '/image/models');
		const fast = Date.now() - t0;

		ref.svc.latencyMs = 150;
		const t1 = Date.now();
		const created = await api(ref.svc, 'POST', '/image', {
			body: { prompt: 'C', model_id: 'flux-pro', resolution: '720p' },
		});
		const slow = Date.now() - t1;
		expect(created.status).toBe(200);
		expect(slow).toBeGreaterThanOrEqual(150);
		expect(slow).toBeGreaterThan(fast);

		const poll = await api(ref.svc, 'GET', `/image/${created.json.job_id}`);
		const entry = ref.svc.state.requests.at(-1);
		expect(entry.route).toBe('GET /image/:id');
		expect(entry.answeredAt - entry.time).toBeGreaterThanOrEqual(150);
		expect(entry.jobState).toBe(poll.json.status);

		await new Promise((r) => setTimeout(r, 300));
		ref.svc.latencyMs = 0;
		const done = await api(ref.svc, 'GET', `/image/${created.json.job_id}`);
		expect(done.json.status).toBe('succeeded');
		expect(ref.svc.state.requests.at(-1).jobState).toBe('succeeded');

		ref.svc.latencyMs = 400;
		const t2 = Date.now();
		const file = await fetch(done.json.images[0].url);
		expect(file.status).toBe(200);
		expect(Date.now() - t2).toBeLessThan(400);
	});
});
