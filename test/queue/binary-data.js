'use strict';
/**
 * Large results in database mode (queue mode's default for binary data): a worker's peak
 * memory while it stores three 100 MiB videos, and a file over the mode's size cap.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const { itemsOf } = require('../../harness/n8n-rest');
const { sleep } = require('../../harness/wait');
const { jobsWithPrompt } = require('../support/fake');
const { memoryOf } = require('./cluster');
const { executionsRunBy } = require('./worker-logs');
const workflows = require('./workflows');

const MB = 1024 * 1024;

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

/**
 * (e) one worker alone stores three 100 MiB videos.
 * Writes report.e.
 */
async function peakMemoryOfLargeVideos(session) {
	const { cluster, svc, rest, credentials, report } = session;
	// one worker runs this alone: the one (c) left (any other is stopped first)
	const [worker, ...others] = [...cluster.workers.values()];
	for (const other of others) await cluster.stopWorker(other.name);
	const id = await session.deploy(workflows.videoBatch(credentials['test-key-alice'], 'large'));
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
		executions = await session.finished([id], 1, 150_000);
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
}

/**
 * A worker of its own with a 1 MiB cap (n8n's default: 512) gets a 2 MiB result.
 * Writes report.overCap.
 */
async function overDatabaseCap(session) {
	const { cluster, svc, rest, credentials, report } = session;
	for (const other of [...cluster.workers.values()]) await cluster.stopWorker(other.name);
	const worker = await cluster.startWorker({
		env: { N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE: '1' },
	});
	const id = await session.deploy(workflows.videoBatch(credentials['test-key-alice'], 'over-cap'));
	const files = svc.state.fileRequests.length;
	svc.state.resultPaddingBytes = 2 * MB;
	let executions;
	try {
		expect(
			(await rest.webhook('over-cap', { items: [{ prompt: 'over cap item 0' }] })).status,
		).toBe(200);
		executions = await session.finished([id], 1);
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
}

module.exports = { peakMemoryOfLargeVideos, overDatabaseCap };
