'use strict';
/**
 * Continue On Fail and Retry On Fail, n8n's node settings, in examples.e2e.js's n8n (`run`, from
 * ./examples-instance.js), with the workflows they run (FAIL_WORKFLOWS, imported with the examples).
 */
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { nodeItems, runError } = require('../../harness/n8n-cli');
const { retryOnFail, retryOnFailContinue, RETRY_PROMPTS } = require('./workflows/retry-on-fail');

const continueOnFail = require('./workflows/continue-on-fail.json');
const stopOnFail = structuredClone(continueOnFail);
stopOnFail.nodes.find((n) => n.name === 'Images').continueOnFail = false;

/** The workflows of these tests, by the name they run under. */
const FAIL_WORKFLOWS = { continueOnFail, stopOnFail, retryOnFail, retryOnFailContinue };

function describeFailSettings(run) {
	describe('Continue On Fail in the real n8n', () => {
		test('an item with a resolution the model lacks fails alone, naming the allowed values; the others succeed', async () => {
			const before = run.jobsOf('image').length;
			const { code, data } = await run.execute('continueOnFail');
			expect(code).toBe(0);
			const items = nodeItems(data, 'Images');
			expect(items).toHaveLength(3);
			expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items[1].json.error).toMatch(/Resolution/);
			expect(items[1].json.error).toMatch(/720p, 1080p, 2k/);
			expect(items[1].binary).toBeUndefined();
			for (const i of [0, 2]) expect(sniffImage(run.fileOf(items[i])).type).toBe('png');
			expect(run.jobsOf('image').length - before).toBe(2);
		});

		test('without it, the bad item stops the run (exit code 1) before any job is created', async () => {
			const before = run.svc.state.jobs.size;
			const { code, data } = await run.execute('stopOnFail');
			expect(code).toBe(1);
			expect(runError(data)?.message ?? '').toMatch(/Resolution/);
			expect(run.svc.state.jobs.size).toBe(before);
		});
	});

	describe('Retry On Fail (3 tries) in the real n8n: one job of three fails on every try', () => {
		const jobsFor = (prompt) => run.jobsOf('image').filter((j) => j.prompt === prompt);
		const served = (job) => run.svc.links.file(job, 0).body;

		test('the node fails as without retries; the two good jobs were created once, the failing one once per try', async () => {
			const [fox, whale, parrot] = RETRY_PROMPTS.throws;
			const { code, data } = await run.execute('retryOnFail');
			expect(code).toBe(1);
			expect(runError(data)?.message ?? '').toMatch(/^Image job [0-9a-f-]{36} failed/);
			expect(jobsFor(fox)).toHaveLength(1);
			expect(jobsFor(parrot)).toHaveLength(1);
			expect(jobsFor(whale)).toHaveLength(3);
		});

		test('with Continue On Fail (the first item failing): an error item and the two images, each created once, byte-equal to what the service served', async () => {
			const [owl, lynx, heron] = RETRY_PROMPTS.firstItemError;
			const { code, data } = await run.execute('retryOnFailContinue');
			expect(code).toBe(0);
			const items = nodeItems(data, 'Images');
			expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items[0].json.error).toMatch(/^Image job [0-9a-f-]{36} failed/);
			expect(jobsFor(owl)).toHaveLength(3);
			for (const [i, prompt] of [lynx, heron].entries()) {
				const jobs = jobsFor(prompt);
				expect(jobs).toHaveLength(1);
				expect(items[i + 1].json.job_id).toBe(jobs[0].id);
				expect(run.fileOf(items[i + 1]).equals(served(jobs[0]))).toBe(true);
			}
		});
	});
}

module.exports = { FAIL_WORKFLOWS, describeFailSettings };
