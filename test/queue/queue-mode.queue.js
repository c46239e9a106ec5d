'use strict';
/**
 * The node in n8n's queue mode, for real: the pinned n8n as a main (EXECUTIONS_MODE=queue) and
 * two `n8n worker` processes on PostgreSQL and Redis, our package installed as a community
 * package, binary data in the database (queue mode's default), against the fake service.
 * Run with `npm run test:queue`. The figures it measures are printed at the end and written to
 * queue-report.json.
 *
 * The tests share one cluster and run in order: (c) kills a worker, and (e) measures the one left.
 */
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { startFakeService } = require('../../harness/fake-service/server');
const { now } = require('../../harness/clock');
const { DEFAULT_ACCOUNTS } = require('../../harness/fake-service/state');
const {
	QueueCluster,
	PORTS,
	QUEUE_TIMING,
	memoryOf,
	executionsRunBy,
	createdJobsIn,
} = require('./cluster');
const { N8nRest, itemsOf, seenAt } = require('../../harness/n8n-rest');
const workflows = require('./workflows');
const { streamedFromWorker } = require('./streaming');
const { until, sleep } = require('../../harness/wait');
const { describeJobs, jobsWithPrompt } = require('../support/fake');

const MB = 1024 * 1024;
const REPORT = path.resolve(__dirname, '../../queue-report.json');

/** Two workspaces on plans with different catalogues: their keys list different models. */
const CATALOGUES = {
	'test-key-plan-a': { image: ['flux-pro'], video: ['motion-fast'] },
	'test-key-plan-b': { image: ['sketch-lite', 'studio-4k'], video: ['cinema-pro', 'restyle-v2v'] },
};
const ACCOUNTS = {
	...DEFAULT_ACCOUNTS,
	'test-key-plan-a': {
		user: 'erin',
		paid: true,
		credits: 100000,
		models: [...CATALOGUES['test-key-plan-a'].image, ...CATALOGUES['test-key-plan-a'].video],
	},
	'test-key-plan-b': {
		user: 'frank',
		paid: true,
		credits: 100000,
		models: [...CATALOGUES['test-key-plan-b'].image, ...CATALOGUES['test-key-plan-b'].video],
	},
};

let cluster;
let svc;
let rest;
/** credential references for workflow nodes, by key */
const credentials = {};
const report = {
	versions: {},
	environment: { ...QUEUE_TIMING, N8N_DEFAULT_BINARY_DATA_MODE: 'database' },
};

async function deploy(workflow) {
	const id = await rest.createActiveWorkflow(workflow);
	await rest.waitForWebhook(workflow.nodes[0].parameters.path);
	return id;
}

const DONE = (e) => !['new', 'running', 'waiting'].includes(e.status);

/** The executions of these workflows once `count` of them exist and all have ended. */
async function finished(workflowIds, count, timeoutMs = 120_000) {
	return await until(
		async () => {
			const all = (
				await Promise.all(workflowIds.map(async (id) => await rest.executions(id)))
			).flat();
			return all.length >= count && all.every(DONE) ? all : undefined;
		},
		`${count} executions to end`,
		{
			timeoutMs,
			intervalMs: 500,
			seen: async () =>
				(await Promise.all(workflowIds.map((id) => seenAt(rest, svc, id)()))).join(' | '),
		},
	);
}

async function runningExecution(workflowId) {
	return await until(
		async () => (await rest.executions(workflowId)).find((e) => e.status === 'running'),
		'a running execution',
		{ seen: seenAt(rest, svc, workflowId) },
	);
}

/** Which worker ran each execution, from the workers' logs: execution id -> worker names. */
function workersOf(executionIds) {
	const map = new Map(executionIds.map((id) => [String(id), []]));
	for (const worker of cluster.everyWorker) {
		for (const id of executionsRunBy(worker)) map.get(id)?.push(worker.name);
	}
	return map;
}

/** The most executions of one worker that were running at the same moment. */
function peakConcurrency(executions) {
	const events = executions.flatMap((e) => [
		[Date.parse(e.startedAt), 1],
		[Date.parse(e.stoppedAt), -1],
	]);
	events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let now = 0;
	let peak = 0;
	for (const [, d] of events) peak = Math.max(peak, (now += d));
	return peak;
}

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

beforeAll(async () => {
	const started = Date.now();
	svc = await startFakeService({
		port: PORTS.fake,
		filesPort: PORTS.fakeFiles,
		accounts: ACCOUNTS,
		timing: { queueMs: 100, imageMs: 400, videoMs: 800, audioMs: 800 },
	});
	cluster = new QueueCluster();
	await cluster.start({ workers: 2 });
	rest = await new N8nRest(cluster.baseUrl).setupOwner();
	for (const key of ['test-key-alice', 'test-key-alice-2', 'test-key-plan-a', 'test-key-plan-b']) {
		credentials[key] = await rest.createCredential(
			`Media Generation (${key})`,
			'mediaGenerationApi',
			{ apiKey: key, baseUrl: svc.apiUrl },
		);
	}
	const workerLog = cluster.everyWorker[0].log();
	report.versions = {
		n8n: /Version: (\S+)/.exec(workerLog)?.[1],
		node: process.version,
		postgres: execFileSync(path.join(cluster.pgBin, 'postgres'), ['--version'], {
			encoding: 'utf8',
		}).trim(),
		redis: execFileSync('redis-server', ['--version'], { encoding: 'utf8' }).trim(),
	};
	report.environment.workerConcurrency = Number(/Concurrency: (\d+)/.exec(workerLog)?.[1]);
	report.startupSeconds = Math.round((Date.now() - started) / 100) / 10;
}, 300_000);

afterAll(async () => {
	fs.writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
	console.log(
		`Queue mode: what was measured (also in ${path.basename(REPORT)})\n${JSON.stringify(report, null, 2)}`,
	);
	await cluster?.stop();
	await svc?.stop();
}, 120_000);

describe('n8n queue mode: a main and two workers', () => {
	test('(a) ten media batches at once: all succeed, on both workers, every file read back through n8n equals what the service served', async () => {
		const id = await deploy(workflows.mediaBatch(credentials['test-key-alice'], 'batch'));
		const runs = Array.from({ length: 10 }, (_, k) => ({
			items: [0, 1].map((i) => ({ prompt: `batch ${k} item ${i}` })),
		}));
		const startedAt = Date.now();
		const answers = await Promise.all(runs.map(async (body) => await rest.webhook('batch', body)));
		const seconds = (Date.now() - startedAt) / 1000;
		for (const answer of answers) expect(answer.status).toBe(200);

		const executions = await finished([id], 10);
		expect(executions).toHaveLength(10);
		expect(executions.map((e) => e.status)).toEqual(Array(10).fill('success'));

		// each execution ran on exactly one worker, and both workers ran some
		const ranOn = workersOf(executions.map((e) => e.id));
		for (const names of ranOn.values()) expect(names).toHaveLength(1);
		const perWorker = {};
		for (const e of executions) (perWorker[ranOn.get(e.id)[0]] ??= []).push(e);
		expect(Object.keys(perWorker).sort()).toEqual(['worker-1', 'worker-2']);

		// every output item: its own job, its file stored in the database and read back whole
		const kinds = {
			Image: ['image', 'image/png'],
			Video: ['video', 'video/mp4'],
			Podcast: ['audio', 'audio/mpeg'],
		};
		let files = 0;
		for (const e of executions) {
			const run = await rest.execution(e.id);
			const prompts = itemsOf(run, 'Items').map((item) => item.json.prompt);
			expect(prompts).toHaveLength(2);
			for (const [nodeName, [kind, mimeType]] of Object.entries(kinds)) {
				const items = itemsOf(run, nodeName);
				expect(items).toHaveLength(2);
				for (const [i, item] of items.entries()) {
					const job = svc.state.jobs.get(item.json.job_id);
					expect(job).toMatchObject({
						kind,
						request: expect.objectContaining({ prompt: prompts[i] }),
					});
					expect(item.binary.data).toMatchObject({
						mimeType,
						id: expect.stringMatching(/^database:/),
					});
					const stored = await rest.binary(item.binary.data.id);
					expect(stored.equals(svc.links.file(job, 0).body)).toBe(true);
					files++;
				}
			}
		}
		expect(files).toBe(60);
		// one job per prompt and kind: nothing created twice
		const jobs = jobsWithPrompt(svc, /^batch \d+ item \d$/);
		expect(jobs).toHaveLength(60);
		expect(new Set(jobs.map((j) => `${j.kind} ${j.request.prompt}`)).size).toBe(60);

		report.a = {
			executions: 10,
			jobsPerExecution: 6,
			wallSeconds: seconds,
			executionsPerWorker: Object.fromEntries(
				Object.entries(perWorker).map(([w, list]) => [w, list.length]),
			),
			peakConcurrentExecutionsPerWorker: Object.fromEntries(
				Object.entries(perWorker).map(([w, list]) => [w, peakConcurrency(list)]),
			),
			filesReadBack: files,
			audio429s: svc.state.requests.filter((r) => r.route === 'POST /podcast' && r.status === 429)
				.length,
		};
	}, 240_000);

	test("Stream Progress: a streaming webhook's lines come from a worker, in order, while the job runs", async () => {
		report.streaming = await streamedFromWorker({
			cluster,
			svc,
			rest,
			credential: credentials['test-key-alice'],
			apiKey: 'test-key-alice',
		});
	}, 120_000);

	test('the node keeps no state between executions: two keys whose catalogues differ, run at once on the same workers, each get their own listings', async () => {
		const ids = {
			'test-key-plan-a': await deploy(
				workflows.listings(credentials['test-key-plan-a'], 'listings-a'),
			),
			'test-key-plan-b': await deploy(
				workflows.listings(credentials['test-key-plan-b'], 'listings-b'),
			),
		};
		// a, b, b, a, …: whether the two workers take the queued executions by turns (each gets every
		// other one) or a few at a time, each gets both keys. With a, b, a, b, … taken by turns, one
		// worker would get every a and the other every b: one CI run on a loaded machine found no
		// worker that had run both at once. Which worker takes which execution is still up to the
		// queue (the webhooks reach the main in any order), so a round in which no worker ran both
		// keys at once is run again, up to ROUNDS rounds, every round's answers checked in full
		const keys = Array.from({ length: 10 }, (_, k) =>
			k % 4 === 1 || k % 4 === 2 ? 'test-key-plan-b' : 'test-key-plan-a',
		);
		const keyOf = (e) => Object.keys(ids).find((key) => ids[key] === e.workflowId);
		const during = (x, y) =>
			Date.parse(x.startedAt) < Date.parse(y.stoppedAt) &&
			Date.parse(y.startedAt) < Date.parse(x.stoppedAt);
		const ROUNDS = 3;
		const seen = new Set();
		let mixed = [];
		let rounds = 0;
		/** per round, the keys each worker ran, in the order its executions started */
		const taken = [];
		while (!mixed.length && rounds < ROUNDS) {
			rounds++;
			// every listing answer takes a while, so the executions of both keys overlap on each worker
			svc.faults.add({ route: 'GET /image/models', kind: 'slow', delayMs: 1500, times: 10 });
			const answers = await Promise.all(
				keys.map(
					async (key) =>
						await rest.webhook(key === 'test-key-plan-a' ? 'listings-a' : 'listings-b', {
							items: [{ prompt: 'list' }],
						}),
				),
			);
			answers.forEach((answer, k) => {
				expect(answer.status).toBe(200);
				expect(answer.json.map((m) => m.id)).toEqual(CATALOGUES[keys[k]].video);
			});

			const all = await finished(Object.values(ids), 10 * rounds);
			const executions = all.filter((e) => !seen.has(String(e.id)));
			executions.forEach((e) => seen.add(String(e.id)));
			expect(executions.map((e) => e.status)).toEqual(Array(10).fill('success'));
			for (const e of executions) {
				const run = await rest.execution(e.id);
				expect(itemsOf(run, 'Image Models').map((i) => i.json.id)).toEqual(
					CATALOGUES[keyOf(e)].image,
				);
				expect(itemsOf(run, 'Video Models').map((i) => i.json.id)).toEqual(
					CATALOGUES[keyOf(e)].video,
				);
			}
			// a worker ran an execution of each key at the same time
			const ranOn = workersOf(executions.map((e) => e.id));
			const byStart = [...executions].sort(
				(x, y) => Date.parse(x.startedAt) - Date.parse(y.startedAt),
			);
			/** each worker's executions of this round, in the order they started */
			const ranBy = new Map(
				cluster.everyWorker.map((w) => [
					w.name,
					byStart.filter((e) => ranOn.get(String(e.id)).includes(w.name)),
				]),
			);
			taken.push(
				Object.fromEntries(
					[...ranBy].map(([w, mine]) => [w, mine.map((e) => keyOf(e).slice(-1)).join('')]),
				),
			);
			mixed = cluster.everyWorker.filter((w) => {
				const mine = ranBy.get(w.name);
				return mine.some((x) => mine.some((y) => keyOf(x) !== keyOf(y) && during(x, y)));
			});
		}
		if (!mixed.length) console.log('no worker ran both keys at once:', JSON.stringify(taken));
		expect(mixed.length).toBeGreaterThan(0);
		report.listings = {
			executions: 10 * rounds,
			rounds,
			keysTakenPerRound: taken,
			workersThatRanBothKeysAtOnce: mixed.map((w) => w.name),
		};
	}, 120_000);

	test('(b) the 5 audio slots are per workspace: podcast batches on both workers at once meet 429s, lose no item and create no job twice', async () => {
		const paths = { 'test-key-alice': 'podcasts-alice', 'test-key-alice-2': 'podcasts-alice-2' };
		const ids = [];
		for (const [key, p] of Object.entries(paths))
			ids.push(await deploy(workflows.podcastBatch(credentials[key], p)));
		svc.state.timing.audioMs = 1500;
		const firstRequest = svc.state.requests.length;
		try {
			// two keys of one workspace (alice), two executions each, four podcasts in each
			const runs = Array.from({ length: 4 }, (_, k) => ({
				path: Object.values(paths)[k % 2],
				items: [0, 1, 2, 3].map((i) => ({ prompt: `podcast ${k} item ${i}` })),
			}));
			const answers = await Promise.all(
				runs.map(async (r) => await rest.webhook(r.path, { items: r.items })),
			);
			for (const answer of answers) expect(answer.status).toBe(200);
		} finally {
			svc.state.timing.audioMs = 800;
		}
		const executions = await finished(ids, 4);
		expect(executions.map((e) => e.status)).toEqual(Array(4).fill('success'));

		// no item lost: every item has its own MP3, from the job made for its prompt
		const seen = new Set();
		for (const e of executions) {
			const run = await rest.execution(e.id);
			const prompts = itemsOf(run, 'Items').map((i) => i.json.prompt);
			const podcasts = itemsOf(run, 'Podcast');
			expect(podcasts).toHaveLength(4);
			podcasts.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				expect(item.binary.data).toMatchObject({
					mimeType: 'audio/mpeg',
					id: expect.stringMatching(/^database:/),
				});
				expect(svc.state.jobs.get(item.json.job_id).request.prompt).toBe(prompts[i]);
				seen.add(item.json.job_id);
			});
		}
		expect(seen.size).toBe(16);
		// no job created twice: one accepted create per item, and one job per prompt
		const creates = svc.state.requests
			.slice(firstRequest)
			.filter((r) => r.route === 'POST /podcast');
		const refused = creates.filter((r) => r.status === 429);
		expect(creates.filter((r) => r.status === 200)).toHaveLength(16);
		const jobs = jobsWithPrompt(svc, /^podcast \d item \d$/);
		expect(jobs).toHaveLength(16);
		expect(new Set(jobs.map((j) => j.request.prompt)).size).toBe(16);
		// the workspace's limit held, and the refusals came while both workers were sending
		expect(refused.length).toBeGreaterThan(0);
		expect(svc.state.maxAudioInFlight).toBeLessThanOrEqual(5);
		const ranOn = workersOf(executions.map((e) => e.id));
		const workers = new Set(executions.map((e) => ranOn.get(e.id)[0]));
		expect([...workers].sort()).toEqual(['worker-1', 'worker-2']);
		report.b = {
			executions: 4,
			podcasts: 16,
			createsRefusedWith429: refused.length,
			keysRefused: [...new Set(refused.map((r) => r.key))].sort(),
			maxAudioJobsInFlight: svc.state.maxAudioInFlight,
		};
	}, 180_000);

	test('Retry On Fail on a worker, then a retry from the Executions list: each good job is created once, the failed one again until it succeeds', async () => {
		const id = await deploy(workflows.retryingImages(credentials['test-key-alice'], 'retry'));
		const prompts = [0, 1, 2].map((i) => `retry item ${i}`);
		// the second job fails on each of the node's three tries, then no more
		svc.faults.add({ route: 'POST /image', kind: 'job-fail', bodyIncludes: prompts[1], times: 3 });
		const answer = await rest.webhook('retry', { items: prompts.map((prompt) => ({ prompt })) });
		expect(answer.status).toBe(200);
		const [failed] = await finished([id], 1);
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
		const [done] = await until(
			async () => {
				const all = (await rest.executions(id)).filter((e) => e.id === retried.id);
				return all.length && DONE(all[0]) ? all : undefined;
			},
			'the retried execution to end',
			{ seen: seenAt(rest, svc, id) },
		);
		expect(done.status).toBe('success');
		expect(workersOf([done.id]).get(String(done.id))).toHaveLength(1);
		expect(outcomes(prompts[0])).toEqual(['succeeded']);
		expect(outcomes(prompts[1])).toEqual(['failed', 'failed', 'failed', 'succeeded']);
		expect(outcomes(prompts[2])).toEqual(['succeeded']);
		const items = itemsOf(await rest.execution(done.id), 'Images');
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const [i, item] of items.entries()) {
			const job = svc.state.jobs.get(item.json.job_id);
			expect(job.request.prompt).toBe(prompts[i]);
			expect(job.outcome).toBe('succeeded');
			expect((await rest.binary(item.binary.data.id)).equals(svc.links.file(job, 0).body)).toBe(
				true,
			);
		}
		report.retry = {
			createsPerPrompt: prompts.map((p) => jobsFor(p).length),
			retriedExecution: { status: done.status, worker: workersOf([done.id]).get(String(done.id)) },
		};
	}, 120_000);

	test('(d) stopping an execution from the main ends the waiting on the worker within one poll interval', async () => {
		const intervalMs = 2000;
		const id = await deploy(
			workflows.videoBatch(credentials['test-key-alice'], 'stop', {
				pollIntervalSeconds: intervalMs / 1000,
			}),
		);
		const answer = await rest.webhook('stop', {
			items: [0, 1].map((i) => ({ prompt: `stop item ${i} [never]` })),
		});
		expect(answer.status).toBe(200);
		const execution = await runningExecution(id);
		const jobs = await until(
			() =>
				jobsWithPrompt(svc, /^stop item/).length === 2
					? jobsWithPrompt(svc, /^stop item/)
					: undefined,
			'both jobs',
			{ seen: () => describeJobs(svc) },
		);
		const polls = () =>
			svc.state.requests.filter(
				(r) => r.method === 'GET' && jobs.some((j) => r.path.endsWith(j.id)),
			);
		await until(() => polls().length >= 4, 'a few polls', {
			seen: async () => `${polls().length} polls; ${await seenAt(rest, svc, id)()}`,
		});

		const stopAt = now();
		await rest.stopExecution(execution.id);
		const final = await until(
			async () => {
				const e = (await rest.executions(id)).find((x) => x.id === execution.id);
				return DONE(e) ? e : undefined;
			},
			'the execution to end',
			{ seen: seenAt(rest, svc, id) },
		);
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
	}, 120_000);

	test("(c) a worker killed mid-wait: no other worker takes the execution over, it ends in error once the lock expires, and every created job id is in the dead worker's log", async () => {
		const id = await deploy(
			workflows.videoBatch(credentials['test-key-alice'], 'crash', { pollIntervalSeconds: 1 }),
		);
		const answer = await rest.webhook('crash', {
			items: [0, 1, 2].map((i) => ({ prompt: `crash item ${i} [never]` })),
		});
		expect(answer.status).toBe(200);
		const execution = await runningExecution(id);
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
				svc.state.requests.some(
					(r) => r.method === 'GET' && jobIds.some((j) => r.path.endsWith(j)),
				),
			'a first poll',
			{ seen: seenAt(rest, svc, id) },
		);

		const killedAt = Date.now();
		await cluster.killWorker(victim.name);
		const final = await until(
			async () => {
				const e = (await rest.executions(id)).find((x) => x.id === execution.id);
				return DONE(e) ? e : undefined;
			},
			'n8n to give the execution up',
			{ timeoutMs: 90_000, intervalMs: 500, seen: seenAt(rest, svc, id) },
		);
		const endedAfterSeconds = (Date.now() - killedAt) / 1000;

		// what n8n does: nobody takes it over; once the dead worker's lock on the job expires the job
		// counts as stalled, and with n8n's limit of zero stalls the execution ends in error
		expect(final.status).toBe('error');
		const run = await rest.execution(execution.id);
		const message = run.data?.resultData?.error?.message ?? '';
		expect(message).toMatch(/failed to be processed too many times/);
		expect(workersOf([execution.id]).get(String(execution.id))).toEqual([victim.name]);

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
	}, 150_000);

	test('(e) peak memory of a worker storing three 100 MiB result videos in database mode', async () => {
		// one worker runs this alone: the one (c) left (any other is stopped first)
		const [worker, ...others] = [...cluster.workers.values()];
		for (const other of others) await cluster.stopWorker(other.name);
		const id = await deploy(workflows.videoBatch(credentials['test-key-alice'], 'large'));
		await sleep(2000);
		const idle = memoryOf(worker.pid);
		// VmHWM from here on (Linux: writing 5 to clear_refs resets the peak to the current size)
		let peakReset = true;
		try {
			fs.writeFileSync(`/proc/${worker.pid}/clear_refs`, '5');
		} catch {
			peakReset = false;
		}
		svc.state.resultPaddingBytes = 100 * MB;
		let executions;
		const samples = [];
		const sampler = setInterval(() => samples.push(memoryOf(worker.pid).rssMiB), 100);
		try {
			const answer = await rest.webhook('large', {
				items: [0, 1, 2].map((i) => ({ prompt: `large item ${i}` })),
			});
			expect(answer.status).toBe(200);
			executions = await finished([id], 1, 150_000);
		} finally {
			clearInterval(sampler);
			svc.state.resultPaddingBytes = 0;
		}
		const after = memoryOf(worker.pid);
		expect(executions[0].status).toBe('success');

		const run = await rest.execution(executions[0].id);
		const videos = itemsOf(run, 'Video');
		expect(videos).toHaveLength(3);
		for (const video of videos) {
			const served = svc.links.file(svc.state.jobs.get(video.json.job_id), 0).body;
			expect(served.length).toBeGreaterThan(100 * MB);
			expect(video.binary.data).toMatchObject({
				id: expect.stringMatching(/^database:/),
				bytes: served.length,
			});
			expect(sha256(await rest.binary(video.binary.data.id))).toBe(sha256(served));
		}
		const servedMiB = videos.map(
			(v) => svc.links.file(svc.state.jobs.get(v.json.job_id), 0).body.length / MB,
		);
		report.e = {
			files: `3 MP4s of ${servedMiB.map((m) => m.toFixed(1)).join(', ')} MiB in one execution (over this fast local link the node fetches them one at a time)`,
			worker: worker.name,
			idleRssMiB: Math.round(idle.rssMiB),
			peakRssMiB: Math.round(after.peakMiB),
			peakOverIdleMiB: Math.round(after.peakMiB - idle.rssMiB),
			growthPerMiBStored:
				Math.round(((after.peakMiB - idle.rssMiB) / servedMiB.reduce((a, b) => a + b, 0)) * 100) /
				100,
			peakMeasuredFrom: peakReset
				? 'the idle moment before the run (clear_refs)'
				: "the worker's start",
			highestSampledRssMiB: Math.round(Math.max(...samples)),
			rssAfterMiB: Math.round(after.rssMiB),
			executionSeconds:
				(Date.parse(executions[0].stoppedAt) - Date.parse(executions[0].startedAt)) / 1000,
		};
		console.log(
			`Worker peak RSS storing 3 x 100 MiB in database mode: ${report.e.peakRssMiB} MiB (idle ${report.e.idleRssMiB} MiB, +${report.e.peakOverIdleMiB} MiB)`,
		);
		expect(after.peakMiB).toBeGreaterThan(idle.rssMiB);
	}, 240_000);

	test("binary data beyond database mode's size cap (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE): the item fails at once with n8n's reason and the job id, the file fetched once", async () => {
		// a worker of its own with a 1 MiB cap (n8n's default: 512), and a 2 MiB result
		for (const other of [...cluster.workers.values()]) await cluster.stopWorker(other.name);
		const worker = await cluster.startWorker({
			env: { N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE: '1' },
		});
		const id = await deploy(workflows.videoBatch(credentials['test-key-alice'], 'over-cap'));
		const files = svc.state.fileRequests.length;
		svc.state.resultPaddingBytes = 2 * MB;
		let executions;
		try {
			expect(
				(await rest.webhook('over-cap', { items: [{ prompt: 'over cap item 0' }] })).status,
			).toBe(200);
			executions = await finished([id], 1);
		} finally {
			svc.state.resultPaddingBytes = 0;
		}
		expect(executions[0].status).toBe('error');
		expect(executionsRunBy(worker)).toEqual([executions[0].id]);
		const [job] = jobsWithPrompt(svc, /^over cap item 0$/);
		const error = (await rest.execution(executions[0].id)).data.resultData.error;
		expect(error.message).toMatch(
			new RegExp(
				`^Could not store the result of job ${job.id} in n8n: .*max size limit of 1 MB set for \`database\` mode`,
			),
		);
		expect(error.description).toMatch(/run Download with this job ID/);
		expect(svc.state.fileRequests.length - files).toBe(1);
		report.overCap = {
			capMiB: 1,
			fileMiB: 2,
			fileRequests: svc.state.fileRequests.length - files,
			message: error.message,
		};
	}, 120_000);
});
