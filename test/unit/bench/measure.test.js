'use strict';
/** How the bench reads the fake service's log: requests by class and each job's lag (bench/measure.js). */
const { jobLags, requestCounts, resetService } = require('../../../bench/measure');
const { useFakeService, api, waitForJob } = require('../../support/fake');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 200 } });

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
