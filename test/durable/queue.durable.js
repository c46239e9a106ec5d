'use strict';
/**
 * (c) Jobs that outlive an execution in queue mode (the queue suite's setup: a main and two
 * workers on PostgreSQL and Redis, binary data in the database), each worker running 2
 * executions at once: 20 executions, each with one 60 s video job, go round the README's loop
 * (Generate, Check, a durable Wait). While their jobs run, no worker holds them: all 20 jobs run
 * at the service at the same time, and another execution runs on the same workers meanwhile.
 */
const { createHash } = require('node:crypto');
const { startFakeService } = require('../../harness/fake-service/server');
const { QueueCluster, PORTS, executionsRunBy } = require('../queue/cluster');
const { N8nRest, seenAt } = require('../../harness/n8n-rest');
const { until } = require('../../harness/wait');
const { durableLoop, inNodeWait } = require('./workflows');
const { fetchesPerJob, finishedItems, report } = require('./report');
const { jobsWithPrompt } = require('../support/fake');

const WORKERS = 2;
const CONCURRENCY = 2;
const TIMING = { queueMs: 100, imageMs: 1000, videoMs: 60_000 };

let svc;
let cluster;
let rest;
let credential;

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');
const ENDED = (e) => !['new', 'running', 'waiting'].includes(e.status);
const seconds = (ms) => Math.round(ms / 100) / 10;

async function deploy(workflow) {
	const id = await rest.createActiveWorkflow(workflow);
	await rest.waitForWebhook(workflow.nodes[0].parameters.path);
	return id;
}

beforeAll(async () => {
	svc = await startFakeService({ port: PORTS.fake, filesPort: PORTS.fakeFiles, timing: TIMING });
	cluster = new QueueCluster();
	await cluster.start({ workers: WORKERS, concurrency: CONCURRENCY });
	rest = await new N8nRest(cluster.baseUrl).setupOwner();
	credential = await rest.createCredential('Media Generation', 'mediaGenerationApi', {
		apiKey: 'test-key-alice',
		baseUrl: svc.apiUrl,
	});
	report.queue.workers = cluster.everyWorker.map((w) =>
		Number(/Concurrency: (\d+)/.exec(w.log())?.[1]),
	);
}, 300_000);

afterAll(async () => {
	await cluster?.stop();
	await svc?.stop();
	report.write();
});

test('(c) queue mode: 20 long jobs on workers running 2 executions each all complete, and another execution runs on those workers meanwhile', async () => {
	expect(report.queue.workers).toEqual(Array(WORKERS).fill(CONCURRENCY));
	// 120 s Waits for 60 s jobs: all 20 executions wait at once for a while even when a loaded
	// machine (the bench smoke runs beside this suite in CI) takes a minute to start them all; with
	// 65 s Waits one CI run saw the first executions end before the last had begun to wait
	const loopId = await deploy(
		durableLoop({ path: 'durable-c', credential, kind: 'video', waitSeconds: 120 }),
	);
	const otherId = await deploy(inNodeWait({ path: 'durable-c-other', credential, kind: 'image' }));
	const started = Date.now();
	await Promise.all(
		Array.from({ length: 20 }, async (_, n) => {
			const r = await rest.webhook('durable-c', {
				items: [{ n, prompt: `durable-c-${n} a clip` }],
			});
			expect(r.status).toBe(200);
		}),
	);
	// every execution waits durably: none holds a worker's slot
	await until(
		async () => {
			const list = await rest.executions(loopId);
			return list.length === 20 && list.every((e) => e.status === 'waiting');
		},
		'20 executions waiting',
		// time to get there is not what is asserted (the jobs' creation times below are): room
		// for a loaded machine, where a worker's first executions load the package slowly
		{ timeoutMs: 240_000, intervalMs: 500, seen: seenAt(rest, svc, loopId) },
	);
	const jobs = jobsWithPrompt(svc, /^durable-c-/);
	expect(jobs).toHaveLength(20);
	// all 20 jobs run at the service at once: with the jobs waited for in the node, 4 slots would
	// take 5 rounds of 60 s
	const created = jobs.map((j) => j.createdAt);
	expect(Math.max(...created) - Math.min(...created)).toBeLessThan(30_000);

	const otherAt = Date.now();
	const answer = await rest.webhook('durable-c-other', {
		items: [{ n: 0, prompt: 'other a cat' }],
	});
	expect(answer.status).toBe(200);
	const [other] = await until(
		async () => {
			const list = await rest.executions(otherId);
			return list.length === 1 && ENDED(list[0]) ? list : undefined;
		},
		'the other execution to end',
		{ timeoutMs: 60_000, intervalMs: 500, seen: seenAt(rest, svc, otherId) },
	);
	expect(other.status).toBe('success');
	// it ran while the 20 still waited
	const stillWaiting = (await rest.executions(loopId)).filter((e) => e.status === 'waiting');
	expect(stillWaiting).toHaveLength(20);

	const all = await until(
		async () => {
			const list = await rest.executions(loopId);
			return list.length === 20 && list.every(ENDED) ? list : undefined;
		},
		'the 20 executions to end',
		{ timeoutMs: 300_000, intervalMs: 1000, seen: seenAt(rest, svc, loopId) },
	);
	expect(all.map((e) => e.status)).toEqual(Array(20).fill('success'));
	for (const e of all) {
		const [item, ...more] = finishedItems(await rest.execution(e.id));
		expect(more).toHaveLength(0);
		const job = svc.state.jobs.get(item.json.job_id);
		expect(job.request.prompt).toBe(`durable-c-${item.json.source_n} a clip`);
		const served = svc.links.file(job, 0).body;
		expect(item.binary.data).toMatchObject({ mimeType: 'video/mp4', bytes: served.length });
		expect(sha256(await rest.binary(item.binary.data.id))).toBe(sha256(served));
	}
	expect(jobsWithPrompt(svc, /^durable-c-/)).toHaveLength(20);
	expect([...fetchesPerJob(svc, jobs).values()]).toEqual(Array(20).fill(1));
	const ranOn = cluster.everyWorker.map((w) => executionsRunBy(w).length);
	report.queue.c = {
		executions: 20,
		jobSeconds: TIMING.videoMs / 1000,
		workerSlots: WORKERS * CONCURRENCY,
		jobsCreatedWithinSeconds: seconds(Math.max(...created) - Math.min(...created)),
		otherExecutionSeconds: seconds(Date.parse(other.stoppedAt) - otherAt),
		allDoneSeconds: seconds(Math.max(...all.map((e) => Date.parse(e.stoppedAt))) - started),
		executionRunsPerWorker: ranOn,
	};
}, 600_000);
