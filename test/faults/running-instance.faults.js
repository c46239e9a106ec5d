'use strict';
/**
 * Under `n8n start`, one instance for the whole file: an execution stopped through n8n's REST API
 * while its jobs wait; a batch of 500 images and one of 100 podcasts while /healthz is watched;
 * a failed execution retried from the Executions list; last, the instance killed with SIGKILL
 * while jobs wait, and every created job found in its log.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance } = require('../../harness/n8n-cli');
const { N8nRest, seenAt } = require('../../harness/n8n-rest');
const { credential } = require('./workflows');
const { instanceWorkflows } = require('./batch-workflows');
const { engineCaps } = require('./engine-caps');
const { killHard } = require('./processes');
const { webhookRuns } = require('./webhook-runs');
const { until, sleep } = require('../../harness/wait');
const { jobsWithPrompt } = require('../support/fake');

const KEY = 'test-key-alice';
const PORT = 5810;
const POLL_S = 2;

let svc;
let n8n;
let rest;
let base;
const ids = {};
let trigger;
let executionOf;
let runScale;

beforeAll(async () => {
	svc = await startFakeService({
		latencyMs: 40,
		fileLatencyMs: 40,
		timing: { queueMs: 100, imageMs: 60_000, videoMs: 60_000, audioMs: 60_000 },
	});
	n8n = new N8nInstance({ binaryDataMode: 'filesystem' }).installPackage();
	await n8n.importCredentials([credential('mainCredential01', KEY, svc.apiUrl)]);
	const workflows = instanceWorkflows(POLL_S);
	const names = workflows.map((w) => w.name);
	(await n8n.importWorkflows(workflows)).forEach((id, i) => (ids[names[i]] = id));
	base = await n8n.start(PORT);
	rest = await new N8nRest(base).setupOwner();
	for (const name of names) await rest.activate(ids[name]);
	({ trigger, executionOf, runScale } = webhookRuns({ svc, n8n, rest, base, ids }));
}, 300_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

test('stopped through the REST API while jobs wait: no request after one poll interval, canceled, job ids in the log', async () => {
	svc.state.timing.imageMs = 60_000;
	const before = svc.state.jobs.size;
	await trigger('cancel');
	await until(() => svc.state.jobs.size - before === 3, '3 jobs', {
		timeoutMs: 60_000,
		seen: seenAt(rest, svc, ids.cancel),
	});
	const jobIds = [...svc.state.jobs.keys()].slice(before);
	const running = await executionOf('cancel');
	await sleep(POLL_S * 1000); // at least one poll round
	const stoppedAt = Date.now();
	await rest.stopExecution(running.id);
	const ended = await executionOf('cancel', { done: true });
	expect(ended.status).toBe('canceled');
	// watch the service for three more poll intervals
	await sleep(3 * POLL_S * 1000);
	const late = svc.state.requests.filter((r) => r.time > stoppedAt + POLL_S * 1000);
	expect(late).toEqual([]);
	// n8n stores its own "cancelled manually" error for a stopped execution and drops the node's;
	// the node names the jobs it leaves running in a warning in n8n's log
	const full = await rest.execution(running.id);
	expect(full.data.resultData.error.message).toMatch(/cancelled/);
	const warning = n8n
		.log()
		.split('\n')
		.find((l) => l.includes(`Media Generation: execution ${running.id} was cancelled`));
	expect(warning).toBeDefined();
	for (const id of jobIds) {
		expect(warning).toContain(id);
		expect(n8n.log()).toMatch(
			new RegExp(
				`Media Generation: created image job ${id} for item \\d of node "Media" \\(image generate, execution ${running.id}\\)`,
			),
		);
	}
	expect(n8n.log()).not.toContain(KEY);
});

test('500 image items (jobs of 5 s) in one execution: 500 outputs in order, requests within the caps, n8n responsive', async () => {
	svc.state.timing.imageMs = 5000;
	svc.resetPeaks();
	const { started, stats } = await runScale('scale-images', 500, (item) =>
		expect(item.binary.data.mimeType).toBe('image/png'),
	);
	const caps = engineCaps();
	const peaks = { ...svc.peakInFlight };
	expect(peaks.create).toBeLessThanOrEqual(caps.create);
	expect(peaks.read).toBeLessThanOrEqual(caps.read);
	expect(peaks.file).toBeLessThanOrEqual(caps.file);
	// the node did send requests side by side (so the caps above were what held them)
	expect(peaks.create).toBeGreaterThan(1);
	expect(peaks.read).toBeGreaterThan(1);
	if (process.env.FAULTS_REPORT)
		console.log(
			'unrouted:',
			svc.state.requests.filter((r) => !r.route).map((r) => `${r.method} ${r.path}`),
		);
	const since = (t) => ((t - started) / 1000).toFixed(1);
	const phase = (cls) => {
		const times = (
			cls === 'file'
				? svc.state.fileRequests
				: svc.state.requests.filter((r) => r.route === 'POST /image')
		)
			.map((r) => r.time)
			.filter((t) => t >= started);
		return times.length ? `${since(Math.min(...times))}-${since(Math.max(...times))} s` : '-';
	};
	console.log(
		`500 images: ${((Date.now() - started) / 1000).toFixed(1)} s; peak requests in flight ${JSON.stringify(peaks)} (caps ${JSON.stringify(caps)}); ` +
			`n8n RSS ${stats.baseRssMb.toFixed(0)} MB before, peak ${stats.peakRssMb.toFixed(0)} MB (+${(stats.peakRssMb - stats.baseRssMb).toFixed(0)} MB); ` +
			`/healthz slowest ${stats.slowestHealthMs} ms (${stats.slowestAtS} s in; creates ${phase('create')}, downloads ${phase('file')}) over ${stats.healthChecks} checks`,
	);
	expect(stats.slowestHealthMs).toBeLessThan(1000);
});

test('100 podcast items with 5 slots: 100 creates, none twice, never more than 5 in flight', async () => {
	svc.state.timing.audioMs = 1000;
	// the service would take more at once: the limit of 5 is the node's own
	svc.state.audioConcurrency = 1000;
	svc.state.maxAudioInFlight = 0;
	const { started, stats } = await runScale('scale-podcasts', 100);
	const creates = svc.state.requests.filter(
		(r) => r.route === 'POST /podcast' && r.time >= started,
	);
	expect(creates).toHaveLength(100);
	expect(svc.state.maxAudioInFlight).toBe(5);
	expect(stats.slowestHealthMs).toBeLessThan(1000);
	console.log(
		`100 podcasts: ${((Date.now() - started) / 1000).toFixed(1)} s; most audio jobs in flight ${svc.state.maxAudioInFlight}; /healthz slowest ${stats.slowestHealthMs} ms`,
	);
});

test('a retry from the Executions list goes on from the failed execution: it takes up the jobs its tries created and creates only the failed one again', async () => {
	svc.state.timing.imageMs = 300;
	const jobsOf = (i) => jobsWithPrompt(svc, new RegExp(`^retry item ${i}$`));
	// the second job fails on each of the node's three tries (Retry On Fail), then no more
	svc.faults.add({
		route: 'POST /image',
		kind: 'job-fail',
		bodyIncludes: 'retry item 1',
		times: 3,
	});
	await rest.waitForWebhook('retry');
	await trigger('retry');
	const failed = await executionOf('retry', { done: true });
	expect(failed.status).toBe('error');
	expect([0, 1, 2].map((i) => jobsOf(i).length)).toEqual([1, 3, 1]);
	const retried = await rest.request('POST', `/rest/executions/${failed.id}/retry`, {
		loadWorkflow: false,
	});
	expect(retried.status).toBe('success');
	expect([0, 1, 2].map((i) => jobsOf(i).length)).toEqual([1, 4, 1]);
	const items = (await rest.execution(retried.id)).data.resultData.runData.Media[0].data.main[0];
	expect(items.map((item) => item.json.job_id)).toEqual([0, 1, 2].map((i) => jobsOf(i).at(-1).id));
	expect(n8n.log()).toMatch(
		new RegExp(`Media Generation: took up image job ${jobsOf(0)[0].id} for item 0 of node "Media"`),
	);
});

test('killed with SIGKILL while jobs wait: every job the node created is in the log, with its item', async () => {
	svc.state.timing.imageMs = 60_000;
	const before = svc.state.jobs.size;
	await trigger('crash');
	await until(() => svc.state.jobs.size - before === 4, '4 jobs', {
		timeoutMs: 60_000,
		seen: seenAt(rest, svc, ids.crash),
	});
	const running = await executionOf('crash');
	await killHard(n8n.server);
	const jobs = [...svc.state.jobs.values()].slice(before);
	expect(jobs).toHaveLength(4);
	for (const job of jobs) {
		const item = Number(/item (\d+)$/.exec(job.request.prompt)[1]);
		expect(n8n.log()).toContain(
			`Media Generation: created image job ${job.id} for item ${item} of node "Media" (image generate, execution ${running.id})`,
		);
	}
	expect(n8n.log()).not.toContain(KEY);
});
