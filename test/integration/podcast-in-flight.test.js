'use strict';
/** Podcast: the service's limit of 5 audio jobs in flight, kept by the node itself. */
const { api } = require('../support/fake');
const { now } = require('../../harness/clock');
const { FAST } = require('../support/media');
const { usePodcast } = require('../support/podcast');

const { ref, run, jobOf, creates } = usePodcast();

describe('the audio limit of 5 jobs in flight', () => {
	test('12 items: 12 outputs in order, at most 5 in flight, none lost, none created twice', async () => {
		ref.svc.state.maxAudioInFlight = 0;
		const before = creates();
		const items = Array.from({ length: 12 }, (_, i) => ({ json: { p: `Episode ${i}` } }));
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		out.forEach((o, i) => expect(jobOf(o).request.prompt).toBe(`Episode ${i}`));
		expect(new Set(out.map((o) => o.json.job_id)).size).toBe(12);
		expect(ref.svc.state.maxAudioInFlight).toBe(5);
		expect(creates() - before).toBe(12); // no 429 was even needed: the node kept to the limit itself
	});

	test('slots held elsewhere (429): items wait for a slot, then each is created once', async () => {
		// another workflow of the same user holds all 5 slots for a while
		ref.svc.state.timing.audioMs = 1500;
		for (let i = 0; i < 5; i++)
			await api(ref.svc, 'POST', '/podcast', {
				key: 'test-key-alice-2',
				body: { prompt: `other ${i}` },
			});
		ref.svc.state.timing.audioMs = 500;
		const before = ref.svc.state.jobsOf('audio').length;
		const items = Array.from({ length: 3 }, (_, i) => ({ json: { p: `Mine ${i}` } }));
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		const refused = ref.svc.state.requests.filter(
			(r) => r.route === 'POST /podcast' && r.status === 429,
		);
		expect(refused.length).toBeGreaterThan(0);
		expect(ref.svc.state.jobsOf('audio').length - before).toBe(3);
		expect(out.map((o) => jobOf(o).request.prompt)).toEqual(['Mine 0', 'Mine 1', 'Mine 2']);
	});

	test('Wait for Completion off still keeps to the limit: 7 items, 7 job ids', async () => {
		const items = Array.from({ length: 7 }, (_, i) => ({ json: { p: `Quick ${i}` } }));
		ref.svc.state.maxAudioInFlight = 0;
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', waitForCompletion: false, options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => jobOf(o).request.prompt)).toEqual(items.map((i) => i.json.p));
		expect(ref.svc.state.maxAudioInFlight).toBeLessThanOrEqual(5);
	});

	test('Wait for Completion off: done once the last job is created, while the second wave runs', async () => {
		const timing = ref.svc.state.timing.audioMs;
		ref.svc.state.timing.audioMs = 3000;
		// the slots are free: the jobs of the tests before have ended
		const busyUntil = Math.max(0, ...ref.svc.state.jobsOf('audio').map((j) => j.endsAt));
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, busyUntil - now())));
		try {
			const items = Array.from({ length: 10 }, (_, i) => ({ json: { p: `Wave ${i}` } }));
			const started = now();
			const { items: out, error } = await run(
				{ prompt: '={{ $json.p }}', waitForCompletion: false, options: FAST },
				{ operation: 'generateFromPrompt', items },
			);
			const endedAt = now();
			expect(error).toBeUndefined();
			expect(out.map((o) => jobOf(o).request.prompt)).toEqual(items.map((i) => i.json.p));
			// the first five hold the slots until they end (3 s); the node is done once the last
			// five are created, while they run, not when a poll would first be due for them
			const later = out.slice(5).map(jobOf);
			for (const job of later) expect(job.endsAt).toBeGreaterThan(endedAt);
			expect(endedAt - started).toBeLessThan(3000 + 2500);
		} finally {
			ref.svc.state.timing.audioMs = timing;
		}
	});
});
