'use strict';
const { useFakeService, api, waitForJob } = require('../support/fake');
const { startFakeService } = require('../../harness/fake-service/server');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50 } });
const newJob = async () =>
	(await api(ref.svc, 'POST', '/image', { body: { prompt: 'x', model_id: 'sketch-lite' } })).json
		.job_id;

describe('fake service: faults and links', () => {
	test('status faults answer without handling; status-after handles first', async () => {
		ref.svc.faults.add({ route: 'POST /image', kind: 'status', status: 503, retryAfter: 2 });
		const before = ref.svc.state.jobsOf('image').length;
		const r = await api(ref.svc, 'POST', '/image', {
			body: { prompt: 'x', model_id: 'sketch-lite' },
		});
		expect(r.status).toBe(503);
		expect(r.headers.get('retry-after')).toBe('2');
		expect(ref.svc.state.jobsOf('image').length).toBe(before);
		ref.svc.faults.add({ route: 'POST /image', kind: 'status-after', status: 500 });
		expect(
			(await api(ref.svc, 'POST', '/image', { body: { prompt: 'x', model_id: 'sketch-lite' } }))
				.status,
		).toBe(500);
		expect(ref.svc.state.jobsOf('image').length).toBe(before + 1);
	});

	test('drop closes the connection; slow delays; both count down', async () => {
		ref.svc.faults.add({ route: 'GET /image/models', kind: 'drop' });
		await expect(api(ref.svc, 'GET', '/image/models')).rejects.toThrow();
		ref.svc.faults.add({ route: 'GET /image/models', kind: 'slow', delayMs: 300 });
		const t = Date.now();
		expect((await api(ref.svc, 'GET', '/image/models')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(250);
		expect((await api(ref.svc, 'GET', '/image/models')).status).toBe(200);
	});

	test('job-fail and job-never shape the next job', async () => {
		ref.svc.faults.add({ route: 'POST /image', kind: 'job-fail' });
		expect((await waitForJob(ref.svc, 'image', await newJob())).status).toBe('failed');
		ref.svc.faults.add({ route: 'POST /image', kind: 'job-never' });
		const id = await newJob();
		await new Promise((r) => setTimeout(r, 150));
		expect((await api(ref.svc, 'GET', `/image/${id}`)).json.status).toBe('processing');
	});

	test('downloads: truncated, expired-on-demand, tampered; a fresh GET gives a fresh link', async () => {
		const done = await waitForJob(ref.svc, 'image', await newJob());
		const url = done.images[0].url;
		ref.svc.faults.add({ route: 'FILE', kind: 'truncate' });
		await expect(fetch(url).then((r) => r.arrayBuffer())).rejects.toThrow();
		ref.svc.faults.add({ route: 'FILE', kind: 'expired' });
		expect((await fetch(url)).status).toBe(403);
		expect((await fetch(url.replace(/\.([A-Za-z0-9_-]+)\//, '.AAAA/'))).status).toBe(403);
		expect((await fetch(url)).status).toBe(200);
		const again = await api(ref.svc, 'GET', `/image/${done.job_id}`);
		expect(again.json.images[0].url).not.toBe(url);
	});

	test('links expire after the configured time', async () => {
		const svc = await startFakeService({ linkTtlMs: 100, timing: { queueMs: 1, imageMs: 10 } });
		try {
			const id = (
				await api(svc, 'POST', '/image', { body: { prompt: 'x', model_id: 'sketch-lite' } })
			).json.job_id;
			const done = await waitForJob(svc, 'image', id);
			expect((await fetch(done.images[0].url)).status).toBe(200);
			await new Promise((r) => setTimeout(r, 150));
			const res = await fetch(done.images[0].url);
			expect(res.status).toBe(403);
			expect(await res.text()).toMatch(/expired/);
		} finally {
			await svc.stop();
		}
	});

	test('control endpoints add faults from another process', async () => {
		const base = ref.svc.apiUrl.replace(/\/v1$/, '');
		const added = await fetch(`${base}/__fake/faults`, {
			method: 'POST',
			body: JSON.stringify({ route: 'GET /video/models', kind: 'status', status: 502 }),
		});
		expect(added.status).toBe(200);
		expect((await api(ref.svc, 'GET', '/video/models')).status).toBe(502);
		const state = await (await fetch(`${base}/__fake/state`)).json();
		expect(state.jobs.length).toBeGreaterThan(0);
	});
});
