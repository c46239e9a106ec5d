'use strict';
/** Image > Generate when jobs fail, run past Maximum Wait, or the execution is cancelled. */
const { useFakeService } = require('../support/fake');
const { now } = require('../../harness/clock');
const { imageRunner, FAST } = require('../support/image');

const ref = useFakeService();
const run = imageRunner(ref);
const cof = { extra: { onError: 'continueRegularOutput' } };
const prompts = (...p) => ({ items: p.map((x) => ({ json: { p: x } })) });

describe('failed jobs', () => {
	test('with Continue On Fail a failed job becomes an error item with its job id; the others succeed', async () => {
		const { items } = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{ ...prompts('a cat', 'a dog [fail]', 'a cow'), ...cof },
		);
		expect(items.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(items[0].binary.data).toBeDefined();
		expect(items[2].binary.data).toBeDefined();
		expect(items[1].json).toEqual({
			error: expect.stringMatching(
				/^Image job [0-9a-f-]{36} failed: The prompt was flagged by the content filter\.$/,
			),
			description: expect.stringMatching(/not charged/),
			job_id: expect.any(String),
		});
		expect(ref.svc.state.jobs.get(items[1].json.job_id).prompt).toBe('a dog [fail]');
	});

	test('without Continue On Fail the node fails, naming the job, and lists the jobs already started', async () => {
		const { error, items } = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			prompts('one [never]', 'two [fail]'),
		);
		expect(items).toEqual([]);
		expect(error.message).toMatch(/^Image job [0-9a-f-]{36} failed/);
		const never = ref.svc.state.jobsOf('image').find((j) => j.prompt === 'one [never]');
		expect(error.description).toContain(`item 0: ${never.id}`);
	});

	test('a service error on create becomes an error item with the HTTP status', async () => {
		const { items } = await run(
			{ prompt: '={{ $json.p }}', model: 'enterprise-ultra', options: FAST },
			{ ...prompts('x'), ...cof },
		);
		expect(items[0].json).toMatchObject({
			http_status: 402,
			error: expect.stringMatching(/credits|plan/i),
		});
	});
});

describe('maximum wait', () => {
	test('On Timeout "error" fails with the job id and says how to fetch it later', async () => {
		const { error } = await run({
			prompt: 'slow [never]',
			model: 'sketch-lite',
			options: { ...FAST, maxWaitMinutes: 0.02 },
		});
		expect(error.message).toMatch(
			/^Image job ([0-9a-f-]{36}) is still processing after 1 s \(Maximum Wait\)$/,
		);
		expect(error.description).toMatch(/Image > Download with job ID/);
	});

	test('On Timeout "outputRunning" outputs the job as still running, next to finished items', async () => {
		const { items, error } = await run(
			{
				prompt: '={{ $json.p }}',
				model: 'sketch-lite',
				options: { ...FAST, maxWaitMinutes: 0.02, onTimeout: 'outputRunning' },
			},
			prompts('quick', 'slow [never]'),
		);
		expect(error).toBeUndefined();
		expect(items[0].binary.data).toBeDefined();
		expect(items[1]).toEqual({
			json: {
				job_id: expect.any(String),
				status: 'processing',
				model: 'sketch-lite',
				resolution: '720p',
				estimated_credits: 2,
				timed_out: true,
			},
			pairedItem: { item: 1 },
		});
	});
});

describe('cancelling the execution', () => {
	test('stops polling within one poll interval', async () => {
		let cancelledAt;
		const polls = () => ref.svc.state.requests.filter((r) => r.route === 'GET /image/:id');
		const before = polls().length;
		await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{
				...prompts('a [never]', 'b [never]'),
				onStart: (cancel) => {
					const timer = setInterval(() => {
						if (polls().length >= before + 4) {
							clearInterval(timer);
							cancelledAt = now();
							cancel();
						}
					}, 20);
				},
			},
		);
		expect(cancelledAt).toBeDefined();
		await new Promise((r) => setTimeout(r, 1500)); // three poll intervals
		const late = polls().filter((r) => r.time > cancelledAt + 500);
		expect(late).toEqual([]);
	});
});
