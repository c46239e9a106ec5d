'use strict';
/**
 * An execution that waits on its jobs and ends early: stopped from the main, or left behind by
 * a worker killed mid-wait.
 */
const { now } = require('../../harness/clock');
const { seenAt } = require('../../harness/n8n-rest');
const { until, sleep } = require('../../harness/wait');
const { describeJobs, jobsWithPrompt } = require('../support/fake');
const { workersOf, createdJobsIn } = require('./worker-logs');
const workflows = require('./workflows');

/**
 * (d) stops an execution whose two jobs never end, and times the last request.
 * Writes report.d.
 */
async function stopFromMain(session) {
	const { svc, rest, credentials, report } = session;
	const intervalMs = 2000;
	const id = await session.deploy(
		workflows.videoBatch(credentials['test-key-alice'], 'stop', {
			pollIntervalSeconds: intervalMs / 1000,
		}),
	);
	const answer = await rest.webhook('stop', {
		items: [0, 1].map((i) => ({ prompt: `stop item ${i} [never]` })),
	});
	expect(answer.status).toBe(200);
	const execution = await session.runningExecution(id);
	const jobs = await until(
		() =>
			jobsWithPrompt(svc, /^stop item/).length === 2
				? jobsWithPrompt(svc, /^stop item/)
				: undefined,
		'both jobs',
		{ seen: () => describeJobs(svc) },
	);
	const polls = () =>
		svc.state.requests.filter((r) => r.method === 'GET' && jobs.some((j) => r.path.endsWith(j.id)));
	await until(() => polls().length >= 4, 'a few polls', {
		seen: async () => `${polls().length} polls; ${await seenAt(rest, svc, id)()}`,
	});

	const stopAt = now();
	await rest.stopExecution(execution.id);
	const final = await session.ended(id, execution.id, 'the execution to end');
	const endedAfterMs = now() - stopAt;
	await sleep(2 * intervalMs);

	expect(final.status).toBe('canceled');
	const late = svc.state.requests.filter((r) => r.time > stopAt + intervalMs);
	expect(late).toEqual([]);
	const lastPoll = Math.max(...polls().map((r) => r.time));
	report.d = {
		pollIntervalMs: intervalMs,
		pollsBeforeStop: polls().length,
		lastRequestAfterStopMs: Math.max(0, lastPoll - stopAt),
		canceledSeenAfterMs: endedAfterMs,
		status: final.status,
	};
}

/**
 * (c) kills the worker of an execution whose three jobs never end.
 * Writes report.c.
 */
async function workerKilledMidWait(session) {
	const { cluster, svc, rest, credentials, report } = session;
	const id = await session.deploy(
		workflows.videoBatch(credentials['test-key-alice'], 'crash', { pollIntervalSeconds: 1 }),
	);
	const answer = await rest.webhook('crash', {
		items: [0, 1, 2].map((i) => ({ prompt: `crash item ${i} [never]` })),
	});
	expect(answer.status).toBe(200);
	const execution = await session.runningExecution(id);
	const mine = (worker) =>
		createdJobsIn(worker.log()).filter((j) => j.executionId === String(execution.id));
	const victim = await until(
		() => [...cluster.workers.values()].find((w) => mine(w).length === 3),
		'all three jobs created',
		{ seen: seenAt(rest, svc, id) },
	);
	const jobIds = mine(victim).map((j) => j.jobId);
	await until(
		() =>
			svc.state.requests.some((r) => r.method === 'GET' && jobIds.some((j) => r.path.endsWith(j))),
		'a first poll',
		{ seen: seenAt(rest, svc, id) },
	);

	const killedAt = Date.now();
	await cluster.killWorker(victim.name);
	const final = await session.ended(id, execution.id, 'n8n to give the execution up', {
		timeoutMs: 90_000,
		intervalMs: 500,
	});
	const endedAfterSeconds = (Date.now() - killedAt) / 1000;

	// what n8n does: nobody takes it over; once the dead worker's lock on the job expires the job
	// counts as stalled, and with n8n's limit of zero stalls the execution ends in error
	expect(final.status).toBe('error');
	const run = await rest.execution(execution.id);
	const message = run.data?.resultData?.error?.message ?? '';
	expect(message).toMatch(/failed to be processed too many times/);
	expect(workersOf(cluster.everyWorker, [execution.id]).get(String(execution.id))).toEqual([
		victim.name,
	]);

	// every job the service created is in the dead worker's log, item by item, and nothing else is
	const served = jobsWithPrompt(svc, /^crash item \d \[never\]$/);
	const logged = mine(victim);
	expect(logged.map((j) => j.jobId).sort()).toEqual(served.map((j) => j.id).sort());
	for (const j of logged) {
		expect(j).toMatchObject({ kind: 'video', node: 'Video', operation: 'video generate' });
		expect(svc.state.jobs.get(j.jobId).request.prompt).toBe(`crash item ${j.itemIndex} [never]`);
	}
	expect(logged.map((j) => j.itemIndex).sort()).toEqual([0, 1, 2]);
	report.c = {
		killed: victim.name,
		signal: 'SIGKILL',
		status: final.status,
		endedAfterSeconds,
		message,
		jobIdsInLog: logged.length,
		jobsOnService: served.length,
	};
}

module.exports = { stopFromMain, workerKilledMidWait };
