'use strict';
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST } = require('../support/image');

// jobs that each take about 2 s on the service
const ref = useFakeService({ timing: { queueMs: 100, imageMs: 2000 } });
const run = imageRunner(ref);
const prompts = Array.from({ length: 10 }, (_, i) => `Poster number ${i}`);
const items = prompts.map((p) => ({ json: { p } }));

describe('the engine runs a batch of items together', () => {
	test('10 items: jobs overlap on the service, outputs come back in input order with pairedItem', async () => {
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{ items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		// each output belongs to the job created from its own item's prompt
		out.forEach((o, i) => expect(ref.svc.state.jobs.get(o.json.job_id).prompt).toBe(prompts[i]));
		out.forEach((o) => expect(o.binary.data.mimeType).toBe('image/png'));
		// the service's own record: every job was created before any of them ended
		const jobs = ref.svc.state.jobsOf('image');
		expect(jobs).toHaveLength(10);
		const lastCreated = Math.max(...jobs.map((j) => j.createdAt));
		const firstEnded = Math.min(...jobs.map((j) => j.endsAt));
		expect(lastCreated).toBeLessThan(firstEnded);
		// and each job was created once
		const creates = ref.svc.state.requests.filter((r) => r.route === 'POST /image');
		expect(creates).toHaveLength(10);
	});
});
