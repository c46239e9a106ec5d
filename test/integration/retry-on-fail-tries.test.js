'use strict';
/**
 * Retry On Fail and n8n's retry of a failed execution: what a new try creates again, and what
 * the execution keeps of the jobs it made.
 */
const { binaryItem, FAST, count } = require('../support/media');
const { runWorkflow, retryData, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { readBinary } = require('../support/binary-data');
const { RETRY, marker, prompt, useRetryOnFail } = require('../support/retry-on-fail');

const { ref, creds, jobsFor, runNode, servedFor } = useRetryOnFail();

describe('what a new try creates again', () => {
	test('a job that failed on the first try only is created again; the node then succeeds with every file as served', async () => {
		const prompts = [0, 1, 2].map((i) => marker(`flaky-${i}`));
		ref.svc.faults.add({ route: 'POST /image', kind: 'job-fail', bodyIncludes: prompts[1] });
		const { error, items } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ items: prompts.map((p) => ({ json: { p } })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(jobsFor(prompts[0])).toHaveLength(1);
		expect(jobsFor(prompts[2])).toHaveLength(1);
		const second = jobsFor(prompts[1]);
		expect(second.map((j) => j.outcome)).toEqual(['failed', 'succeeded']);
		expect(items[1].json.job_id).toBe(second[1].id);
		for (const item of items) {
			expect((await readBinary(item.binary.data)).equals(servedFor(item.json.job_id))).toBe(true);
		}
	});

	test('a node run again in a loop (its second run, the same prompt) creates its own job', async () => {
		const p = marker('loop');
		const { run } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ runs: [[{ json: { p } }], [{ json: { p } }]] },
		);
		const [first, second] = [0, 1].map((r) => nodeResult(run, 'Media', r).items[0]);
		expect(jobsFor(p)).toHaveLength(2);
		expect(first.json.job_id).not.toBe(second.json.job_id);
	});

	test('Upload Image: a file uploaded by the first try is not uploaded again by the next ones', async () => {
		const bad = binaryItem({ data: 'png' });
		bad.binary.data.data = Buffer.from('not an image').toString('base64');
		const before = count(ref.svc, 'POST /image/upload');
		const { error } = await runNode(
			'upload',
			'uploadImage',
			{ binaryPropertyName: 'data' },
			{ items: [binaryItem({ data: 'png' }), bad] },
		);
		expect(error.message).toMatch(/not a PNG, JPEG or WebP file/);
		expect(count(ref.svc, 'POST /image/upload') - before).toBe(1);
	});
});

describe('what the execution keeps', () => {
	const records = (run) => JSON.stringify(run.data.executionData.contextData['node:Media'] ?? {});

	test('a node run that ends well leaves no records of its jobs in the execution', async () => {
		const p = marker('tidy');
		const { error, run } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ items: [{ json: { p } }] },
		);
		expect(error).toBeUndefined();
		const [job] = jobsFor(p);
		expect(records(run)).not.toContain(job.id);
	});

	test("a retry of the failed execution (n8n's Executions list) takes up its jobs and creates the failed one again", async () => {
		const prompts = [0, 1, 2].map((i) => marker(`again-${i}`));
		// the second job fails on each of the three tries of the first execution, then no more
		ref.svc.faults.add({
			route: 'POST /image',
			kind: 'job-fail',
			bodyIncludes: prompts[1],
			times: 3,
		});
		const node = mediaNode(
			'Media',
			{ resource: 'image', operation: 'generate', ...prompt, model: 'sketch-lite', options: FAST },
			RETRY,
		);
		const items = prompts.map((p) => ({ json: { p } }));
		const failed = await runWorkflow({ nodes: [node], items, credentials: creds() });
		expect(nodeResult(failed, 'Media').error.message).toMatch(/^Image job [0-9a-f-]{36} failed/);
		for (const p of [prompts[0], prompts[2]]) expect(records(failed)).toContain(jobsFor(p)[0].id);

		const retried = await runWorkflow({
			nodes: [node],
			data: retryData(failed),
			credentials: creds(),
		});
		const { error, items: out } = nodeResult(retried, 'Media');
		expect(error).toBeUndefined();
		expect(out.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(jobsFor(prompts[0])).toHaveLength(1);
		expect(jobsFor(prompts[2])).toHaveLength(1);
		expect(jobsFor(prompts[1]).map((j) => j.outcome)).toEqual([
			'failed',
			'failed',
			'failed',
			'succeeded',
		]);
		for (const item of out) {
			expect((await readBinary(item.binary.data)).equals(servedFor(item.json.job_id))).toBe(true);
		}
		expect(records(retried)).toBe('{}');
	});
});
