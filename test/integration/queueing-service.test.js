'use strict';
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { useFakeService } = require('../support/fake');
const { imageRunner } = require('../support/image');
const { readBinary } = require('../support/binary-data');

// a service that runs 2 of a user's jobs at once, the rest queued; run times 4 s ±30 %
const ref = useFakeService({
	timing: { queueMs: 10, imageMs: 4000 },
	capacity: 2,
	spread: 0.3,
	seed: 11,
});
const run = imageRunner(ref);
const items = Array.from({ length: 6 }, (_, i) => ({ json: { p: `Queued poster ${i}` } }));

describe('a service that queues: jobs start in waves as slots free', () => {
	jest.setTimeout(60_000);
	test('6 items, 2 at a time: every job is created once, seen soon after its own end, and its file kept whole', async () => {
		// the node and the fake service share this process: when the machine is busy with other
		// work, its event loop runs late, and every poll and answer with it
		const loop = monitorEventLoopDelay({ resolution: 10 });
		loop.enable();
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite' },
			{ items },
		);
		loop.disable();
		const lateMs = loop.max / 1e6;
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5]);
		const jobs = ref.svc.state.jobsOf('image');
		expect(jobs).toHaveLength(6);
		expect(ref.svc.state.duplicateCreates()).toEqual([]);
		// the service really queued: later jobs started only as earlier ones ended
		expect(jobs.filter((j) => j.startsAt > j.createdAt + 100)).toHaveLength(4);
		for (const o of out) {
			const job = ref.svc.state.jobs.get(o.json.job_id);
			expect((await readBinary(o.binary.data)).equals(ref.svc.links.file(job, 0).body)).toBe(true);
		}
		// each job seen finished within max(1 s, 10 % of its creation-to-finish time), give or take
		// 250 ms and the longest the event loop ran late
		const reads = ref.svc.state.requests.filter((r) => r.route === 'GET /image/:id');
		for (const job of jobs) {
			const seen = reads.find((r) => r.path.endsWith(job.id) && r.jobState === 'succeeded');
			expect(seen.answeredAt - job.endsAt).toBeLessThanOrEqual(
				Math.max(1000, (job.endsAt - job.createdAt) / 10) + 250 + lateMs,
			);
		}
		// jobs waiting their turn are not polled on every step of the schedule (a lone 12 s job takes 13)
		expect(reads.length / jobs.length).toBeLessThan(8);
	});
});
