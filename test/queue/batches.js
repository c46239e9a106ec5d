'use strict';
/**
 * Batches run at once on both workers: media batches whose every file is read back through n8n,
 * and podcast batches of one workspace that meet its limit of 5 audio jobs at once.
 */
const { itemsOf } = require('../../harness/n8n-rest');
const { jobsWithPrompt } = require('../support/fake');
const { workersOf } = require('./worker-logs');
const workflows = require('./workflows');

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

/**
 * (a) ten media batches at once.
 * Writes report.a.
 */
async function mediaBatches(session) {
	const { cluster, svc, rest, credentials, report } = session;
	const id = await session.deploy(workflows.mediaBatch(credentials['test-key-alice'], 'batch'));
	const runs = Array.from({ length: 10 }, (_, k) => ({
		items: [0, 1].map((i) => ({ prompt: `batch ${k} item ${i}` })),
	}));
	const startedAt = Date.now();
	const answers = await Promise.all(runs.map(async (body) => await rest.webhook('batch', body)));
	const seconds = (Date.now() - startedAt) / 1000;
	for (const answer of answers) expect(answer.status).toBe(200);

	const executions = await session.finished([id], 10);
	expect(executions).toHaveLength(10);
	expect(executions.map((e) => e.status)).toEqual(Array(10).fill('success'));

	// each execution ran on exactly one worker, and both workers ran some
	const ranOn = workersOf(
		cluster.everyWorker,
		executions.map((e) => e.id),
	);
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
}

/**
 * (b) podcast batches of two keys of one workspace, on both workers at once.
 * Writes report.b.
 */
async function podcastBatches(session) {
	const { cluster, svc, rest, credentials, report } = session;
	const paths = { 'test-key-alice': 'podcasts-alice', 'test-key-alice-2': 'podcasts-alice-2' };
	const ids = [];
	for (const [key, p] of Object.entries(paths))
		ids.push(await session.deploy(workflows.podcastBatch(credentials[key], p)));
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
	const executions = await session.finished(ids, 4);
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
	const creates = svc.state.requests.slice(firstRequest).filter((r) => r.route === 'POST /podcast');
	const refused = creates.filter((r) => r.status === 429);
	expect(creates.filter((r) => r.status === 200)).toHaveLength(16);
	const jobs = jobsWithPrompt(svc, /^podcast \d item \d$/);
	expect(jobs).toHaveLength(16);
	expect(new Set(jobs.map((j) => j.request.prompt)).size).toBe(16);
	// the workspace's limit held, and the refusals came while both workers were sending
	expect(refused.length).toBeGreaterThan(0);
	expect(svc.state.maxAudioInFlight).toBeLessThanOrEqual(5);
	const ranOn = workersOf(
		cluster.everyWorker,
		executions.map((e) => e.id),
	);
	const workers = new Set(executions.map((e) => ranOn.get(e.id)[0]));
	expect([...workers].sort()).toEqual(['worker-1', 'worker-2']);
	report.b = {
		executions: 4,
		podcasts: 16,
		createsRefusedWith429: refused.length,
		keysRefused: [...new Set(refused.map((r) => r.key))].sort(),
		maxAudioJobsInFlight: svc.state.maxAudioInFlight,
	};
}

module.exports = { mediaBatches, podcastBatches };
