'use strict';
/**
 * What the regular-mode durable tests do with their n8n (a RegularN8n, which may be killed and
 * started again) and the fake service: deploy a webhook workflow, wait for its one execution,
 * and check the files that came out of the loop.
 */
const { createHash } = require('node:crypto');
const { until } = require('../../harness/wait');
const { seenAt } = require('../../harness/n8n-rest');
const { finishedItems } = require('./report');

/** Statuses an execution does not leave (`crashed` is left at start-up: see (b)). */
const ENDED = ['success', 'error', 'canceled'];

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

/** The input items of a run: `count` podcast entries, each with its own slug and prompt. */
const entries = (tag, count) =>
	Array.from({ length: count }, (_, n) => ({
		n,
		slug: `${tag}-episode-${n}`,
		prompt: `${tag}-${n} a short episode`,
	}));

/** The helpers bound to this n8n and service; each reads `n8n.rest` anew, as a restart replaces it. */
function regularRuns(n8n, svc) {
	/** Creates and activates a workflow, once its webhook (its first node) answers. */
	async function deploy(workflow) {
		const id = await n8n.rest.createActiveWorkflow(workflow);
		await n8n.rest.waitForWebhook(workflow.nodes[0].parameters.path);
		return id;
	}

	/**
	 * The one execution of a workflow, once `ready(execution)` holds. One that has ended without
	 * holding it fails the wait at once, naming its status, last node and error.
	 */
	async function executionOf(workflowId, ready, what, timeoutMs = 240_000) {
		const seen = seenAt(n8n.rest, svc, workflowId);
		return await until(
			async () => {
				// a restarting n8n does not answer for a moment: the next poll asks again
				const [execution] = await n8n.rest.executions(workflowId).catch(() => []);
				if (!execution) return undefined;
				if (ready(execution)) return execution;
				if (ENDED.includes(execution.status))
					throw new Error(`The execution ended before ${what}: ${await seen()}`);
				return undefined;
			},
			what,
			{ timeoutMs, intervalMs: 500, seen },
		);
	}

	/**
	 * Every output item of Finished is a whole MP3 of the job made for its own input item: the
	 * prompt the service got is that item's, and the bytes are those the service served.
	 */
	async function expectWholePairedFiles(execution, tag, count) {
		const items = finishedItems(execution);
		expect(items).toHaveLength(count);
		expect(items.map((i) => i.json.source_n).sort((a, b) => a - b)).toEqual(
			Array.from({ length: count }, (_, n) => n),
		);
		for (const item of items) {
			const job = svc.state.jobs.get(item.json.job_id);
			expect(job.request.prompt).toBe(`${tag}-${item.json.source_n} a short episode`);
			expect(item.json.status).toBe('succeeded');
			const served = svc.links.file(job, 0).body;
			expect(item.binary.data.mimeType).toBe('audio/mpeg');
			// n8n 2.x notes the size in bytes (1.x only as text): the bytes read back are checked below
			if (item.binary.data.bytes !== undefined) expect(item.binary.data.bytes).toBe(served.length);
			// named by the example's File Name expression, which reaches the item's entry through the loop
			expect(item.binary.data.fileName).toBe(`${tag}-episode-${item.json.source_n}.mp3`);
			expect(sha256(await n8n.rest.binary(item.binary.data.id))).toBe(sha256(served));
		}
		return items;
	}

	return { deploy, executionOf, expectWholePairedFiles };
}

module.exports = { ENDED, entries, regularRuns };
