'use strict';
/**
 * Stream Progress in queue mode: a Webhook with Response Mode "Streaming" on the main, the run on
 * a worker. The worker hands the node's chunks to the main, which writes them to the caller as
 * they come: the lines arrive in order while the job runs, not all at its end.
 */
const { streamPost, nodeLines, lineIndex } = require('../../harness/stream-client');
const { streamingWorkflow, MEDIA } = require('../e2e/workflows/streaming');
const { workersOf } = require('./worker-logs');
const { seenAt } = require('../../harness/n8n-rest');
const { until } = require('../../harness/wait');

/** The video's job: 2 s queued, then 8 s processing. */
const TIMING = { queueMs: 2000, videoMs: 10_000 };
const PATH = 'stream-video';

/**
 * Deploys the streaming video workflow, calls it, and checks what the caller read and which
 * process ran the execution.
 * @returns {Promise<object>} figures for the suite's report: when each line arrived, the worker
 */
async function streamedFromWorker({ cluster, svc, rest, credential, apiKey }) {
	const workflow = streamingWorkflow(
		'video',
		{ path: PATH, responseMode: 'streaming' },
		{ credential, pollIntervalSeconds: 0.5 },
	);
	const workflowId = await rest.createActiveWorkflow(workflow);
	await rest.waitForWebhook(PATH);
	const before = svc.state.jobs.size;
	const timing = { ...svc.state.timing };
	Object.assign(svc.state.timing, TIMING);
	let r;
	try {
		r = await streamPost(`${cluster.baseUrl}/webhook/${PATH}`, {});
	} finally {
		svc.state.timing = timing;
	}
	expect([r.status, r.other]).toEqual([200, []]);
	expect(r.text).not.toContain(apiKey);
	const jobs = [...svc.state.jobs.values()].slice(before);
	expect(jobs).toHaveLength(1);

	// the run ended well, on exactly one worker
	const execution = await until(
		async () => (await rest.executions(workflowId)).find((e) => e.status === 'success'),
		'the streamed run to succeed',
		{ seen: seenAt(rest, svc, workflowId) },
	);
	const ranOn = workersOf(cluster.everyWorker, [execution.id]).get(String(execution.id));
	expect(ranOn).toHaveLength(1);

	// in order: created, a state, the link; each as it happened
	const lines = nodeLines(r.chunks, MEDIA.video.name);
	const created = lineIndex(lines, /created/, jobs[0].id);
	const state = lineIndex(lines, /queued|processing/, jobs[0].id);
	const result = lineIndex(lines, `${svc.filesOrigin}/files/`);
	expect({ created, before: created < state, result }).toEqual({
		created: 0,
		before: true,
		result: lines.length - 1,
	});
	expect(lines[state].at).toBeLessThan(lines[result].at - 5000);
	expect(lines[result].at).toBeGreaterThan(TIMING.videoMs);
	return {
		worker: ranOn[0],
		lines: lines.length,
		createdAtMs: lines[created].at,
		resultAtMs: lines[result].at,
	};
}

module.exports = { streamedFromWorker };
