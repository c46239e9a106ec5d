'use strict';
/**
 * Retry On Fail on a worker, then a retry from the Executions list: each good job is created
 * once, the failed one again until it succeeds.
 */
const { itemsOf } = require('../../harness/n8n-rest');
const { jobsWithPrompt } = require('../support/fake');
const { workersOf } = require('./worker-logs');
const workflows = require('./workflows');

/**
 * One job of three fails on each of the node's tries, then the execution is retried.
 * Writes report.retry.
 */
async function retryFromExecutionsList(session) {
	const { cluster, svc, rest, credentials, report } = session;
	const id = await session.deploy(workflows.retryingImages(credentials['test-key-alice'], 'retry'));
	const prompts = [0, 1, 2].map((i) => `retry item ${i}`);
	// the second job fails on each of the node's three tries, then no more
	svc.faults.add({ route: 'POST /image', kind: 'job-fail', bodyIncludes: prompts[1], times: 3 });
	const answer = await rest.webhook('retry', { items: prompts.map((prompt) => ({ prompt })) });
	expect(answer.status).toBe(200);
	const [failed] = await session.finished([id], 1);
	expect(failed.status).toBe('error');
	const jobsFor = (prompt) => jobsWithPrompt(svc, new RegExp(`^${prompt}$`));
	const outcomes = (prompt) => jobsFor(prompt).map((j) => j.outcome);
	expect(outcomes(prompts[0])).toEqual(['succeeded']);
	expect(outcomes(prompts[1])).toEqual(['failed', 'failed', 'failed']);
	expect(outcomes(prompts[2])).toEqual(['succeeded']);

	// the Executions list's Retry (with the original workflow): n8n runs the failed node again
	// from the stored execution, whose data holds what the node's tries created
	const retried = await rest.request('POST', `/rest/executions/${failed.id}/retry`, {
		loadWorkflow: false,
	});
	const done = await session.ended(id, retried.id, 'the retried execution to end');
	const ranOn = () => workersOf(cluster.everyWorker, [done.id]).get(String(done.id));
	expect(done.status).toBe('success');
	expect(ranOn()).toHaveLength(1);
	expect(outcomes(prompts[0])).toEqual(['succeeded']);
	expect(outcomes(prompts[1])).toEqual(['failed', 'failed', 'failed', 'succeeded']);
	expect(outcomes(prompts[2])).toEqual(['succeeded']);
	const items = itemsOf(await rest.execution(done.id), 'Images');
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	for (const [i, item] of items.entries()) {
		const job = svc.state.jobs.get(item.json.job_id);
		expect(job.request.prompt).toBe(prompts[i]);
		expect(job.outcome).toBe('succeeded');
		expect((await rest.binary(item.binary.data.id)).equals(svc.links.file(job, 0).body)).toBe(true);
	}
	report.retry = {
		createsPerPrompt: prompts.map((p) => jobsFor(p).length),
		retriedExecution: { status: done.status, worker: ranOn() },
	};
}

module.exports = { retryFromExecutionsList };
