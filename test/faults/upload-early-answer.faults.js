'use strict';
/**
 * Large uploads that the service answers before it has read the body, in the real n8n: a 90 MB
 * MP4 read from disk by n8n's Read/Write Files node (filesystem binary mode), sent by Upload Video
 * and by Video > Generate (a source clip from a binary field). The service answers from the
 * headers alone (429, 413, 401, 503) and resets the connection, or resets it without an answer.
 * The node must report the service's own answer, never "could not be reached", send a 429 or a
 * 5xx again with a fresh stream, and never hang.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const { startFakeService } = require('../../harness/fake-service/server');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');
const { N8nInstance, nodeItems, runError } = require('../../harness/n8n-cli');
const { readFileWorkflow } = require('./read-file-workflow');

const KEY = 'test-key-alice';
const CREDENTIAL_ID = 'earlyAnswerCred1';
const MB = 1024 * 1024;
/** a run that takes longer than this hangs: a 90 MB upload on loopback takes a few seconds */
const HANG_MS = 90_000;

let svc;
let n8n;
let video;
const ids = {};

const uploads = () => svc.state.requests.filter((r) => r.route === 'POST /video/upload');
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

beforeAll(async () => {
	svc = await startFakeService({ timing: { queueMs: 50, videoMs: 300 } });
	n8n = new N8nInstance({ binaryDataMode: 'filesystem' });
	n8n.env.N8N_RESTRICT_FILE_ACCESS_TO = n8n.folder;
	n8n.installPackage();
	const data = writeMp4({ width: 64, height: 36, durationMs: 4000, paddingBytes: 90 * MB });
	video = { file: path.join(n8n.folder, 'big.mp4'), sha256: sha256(data), bytes: data.length };
	fs.writeFileSync(video.file, data);
	await n8n.importCredentials([
		{
			id: CREDENTIAL_ID,
			name: 'Media Generation account',
			type: 'mediaGenerationApi',
			data: { apiKey: KEY, baseUrl: svc.apiUrl },
		},
	]);
	const [upload, generate] = await n8n.importWorkflows([
		readFileWorkflow('Upload a 90 MB video', video.file, CREDENTIAL_ID, {
			resource: 'upload',
			operation: 'uploadVideo',
			binaryPropertyName: 'data',
		}),
		readFileWorkflow('Restyle a 90 MB video', video.file, CREDENTIAL_ID, {
			resource: 'video',
			operation: 'generate',
			mode: 'video_to_video',
			prompt: 'Restyle as watercolour',
			model: 'restyle-v2v',
			resolution: '480p',
			sourceVideoField: 'data',
			options: { pollIntervalSeconds: 0.5 },
		}),
	]);
	Object.assign(ids, { upload, generate });
}, 600_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

async function execute(name) {
	const started = Date.now();
	const result = await n8n.execute(ids[name], { timeoutMs: HANG_MS });
	expect(Date.now() - started).toBeLessThan(HANG_MS);
	expect(result.stdout).not.toContain(KEY);
	expect(result.stderr).not.toContain(KEY);
	return result;
}

/** The run succeeded and the service holds the whole file (`idOf` finds its id from the item). */
function expectUploaded(result, idOf = (item) => item.json.video_id) {
	expect(result.code).toBe(0);
	const [item] = nodeItems(result.data, 'Media');
	expect(svc.state.videos.get(idOf(item))).toMatchObject({
		bytes: video.bytes,
		sha256: video.sha256,
	});
	return item;
}

describe('Upload Video of a 90 MB file the service answers early', () => {
	test('429 with Retry-After, twice: the answer is heard, the upload sent again with a fresh stream', async () => {
		const before = uploads().length;
		svc.faults.add({
			route: 'POST /video/upload',
			kind: 'early',
			status: 429,
			retryAfter: 1,
			times: 2,
		});
		const result = await execute('upload');
		expectUploaded(result);
		const tries = uploads().slice(before);
		expect(tries.map((r) => r.status)).toEqual([429, 429, 200]);
		// Retry-After: 1 is honoured between the tries
		expect(tries[1].time - tries[0].time).toBeGreaterThanOrEqual(950);
	});

	test('429 without Retry-After: sent again after a backoff, and stored whole', async () => {
		const before = uploads().length;
		svc.faults.add({ route: 'POST /video/upload', kind: 'early', status: 429 });
		expectUploaded(await execute('upload'));
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([429, 200]);
	});

	test('503: sent again (uploads are free), and stored whole', async () => {
		const before = uploads().length;
		svc.faults.add({ route: 'POST /video/upload', kind: 'early', status: 503 });
		expectUploaded(await execute('upload'));
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([503, 200]);
	});

	test('a reset before any answer: sent again, and stored whole', async () => {
		const before = uploads().length;
		svc.faults.add({ route: 'POST /video/upload', kind: 'drop' });
		expectUploaded(await execute('upload'));
		expect(uploads().length - before).toBe(2);
	});

	test.each([
		[413, /413|too large/i],
		[401, /401|API key/i],
	])(
		"%i: the run fails with the service's answer, not a network error, after one try",
		async (status, pattern) => {
			const before = uploads().length;
			svc.faults.add({ route: 'POST /video/upload', kind: 'early', status, times: 5 });
			const result = await execute('upload');
			expect(result.code).toBe(1);
			const error = runError(result.data);
			const text = `${error?.message} ${error?.description ?? ''}`;
			expect(text).toMatch(pattern);
			expect(text).not.toMatch(/could not be reached|EPIPE|ECONNRESET|network error/i);
			expect(uploads().length - before).toBe(1);
			svc.faults.clear();
		},
	);
});

describe('Video > Generate uploading a 90 MB source clip from a binary field', () => {
	test('an early 429 on the upload: the clip is sent again, and exactly one video job is created', async () => {
		const jobsBefore = [...svc.state.jobs.values()].filter((j) => j.kind === 'video').length;
		const before = uploads().length;
		svc.faults.add({ route: 'POST /video/upload', kind: 'early', status: 429, retryAfter: 0 });
		const result = await execute('generate');
		const item = expectUploaded(
			result,
			(i) => svc.state.jobs.get(i.json.job_id).request.source_video_id,
		);
		expect(item.binary.data.mimeType).toBe('video/mp4');
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([429, 200]);
		expect([...svc.state.jobs.values()].filter((j) => j.kind === 'video').length - jobsBefore).toBe(
			1,
		);
	});
});
