'use strict';
/**
 * n8n's memory while many executions wait, for test (d) of the regular-mode durable suite: the
 * same 100 jobs waited for in the node, durably, and n8n's own Wait with no job at all.
 */
const { memoryOf } = require('../queue/cluster');
const { until, sleep } = require('../../harness/wait');
const { seenAt } = require('../../harness/n8n-rest');
const { jobsWithPrompt } = require('../support/fake');

/**
 * n8n's RSS, sampled once a second for `seconds`, above what it was before the run started.
 * @returns {{meanMiB: number, maxMiB: number, baseMiB: number}}
 */
async function rssAbove(n8n, baseMiB, seconds) {
	const samples = [];
	for (let s = 0; s < seconds; s++) {
		samples.push(memoryOf(n8n.pid).rssMiB);
		await sleep(1000);
	}
	const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
	const round = (v) => Math.round(v * 10) / 10;
	return {
		baseMiB: round(baseMiB),
		meanMiB: round(mean - baseMiB),
		maxMiB: round(Math.max(...samples) - baseMiB),
	};
}

/**
 * 100 executions of one 60 s video job each (none with `jobs` false), in a freshly started n8n;
 * its RSS while they wait. `deploy` creates and activates the workflow.
 */
async function hundredJobs(
	{ n8n, svc, deploy },
	workflow,
	path,
	waitingStatus,
	{ jobs = true } = {},
) {
	await n8n.stop();
	await n8n.start();
	const workflowId = await deploy(workflow);
	await sleep(5000);
	const baseMiB = memoryOf(n8n.pid).rssMiB;
	await Promise.all(
		Array.from({ length: 100 }, async (_, n) => {
			const r = await n8n.rest.webhook(path, { items: [{ n, prompt: `${path}-${n} a clip` }] });
			expect(r.status).toBe(200);
		}),
	);
	// an execution is `running` from its start, a moment before its node has created the job
	const made = () => jobsWithPrompt(svc, new RegExp(`^${path}-`)).length;
	await until(
		async () => {
			const all = await n8n.rest.executions(workflowId);
			return (
				all.length === 100 &&
				all.every((e) => e.status === waitingStatus) &&
				made() === (jobs ? 100 : 0)
			);
		},
		`100 executions ${waitingStatus}${jobs ? ', with their 100 jobs created' : ''}`,
		{ timeoutMs: 60_000, intervalMs: 500, seen: seenAt(n8n.rest, svc, workflowId) },
	);
	const memory = await rssAbove(n8n, baseMiB, 20);
	await until(
		async () => {
			const list = await n8n.rest.executions(workflowId);
			return list.length === 100 && list.every((e) => e.status === 'success') ? list : undefined;
		},
		'100 executions to succeed',
		{ timeoutMs: 240_000, intervalMs: 1000, seen: seenAt(n8n.rest, svc, workflowId) },
	);
	return memory;
}

module.exports = { hundredJobs };
