'use strict';
/**
 * Uploads stream from n8n's binary storage: a 90 MB video kept on disk (filesystem mode, a regular
 * instance's default) reaches the service byte for byte without being read into memory, and a
 * service that answers before it has read the body is heard, not mistaken for a network error.
 */
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const { Readable } = require('node:stream');
const { useFakeService } = require('../support/fake');
const { until } = require('../../harness/wait');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { binaryDataService } = require('../support/binary-data');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const MB = 1024 * 1024;
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');
const uploads = () => ref.svc.state.requests.filter((r) => r.route === 'POST /video/upload');
/** File handles this process holds on files in n8n's binary storage. */
const openFiles = () =>
	fs.readdirSync('/proc/self/fd').filter((fd) => {
		try {
			return fs
				.readlinkSync(`/proc/self/fd/${fd}`)
				.startsWith(process.env.N8N_BINARY_DATA_STORAGE_PATH);
		} catch {
			return false;
		}
	}).length;
/**
 * The handles left once the node is done. A destroyed file stream closes its descriptor a moment
 * later (fs.close is asynchronous), longer on a loaded machine, so a leak is one still open after 2 s.
 */
async function openFilesAfterClose() {
	await until(() => openFiles() === 0, "n8n's binary files to be closed", {
		timeoutMs: 2000,
		intervalMs: 20,
	}).catch(() => {});
	return openFiles();
}

const video = writeMp4({ width: 64, height: 36, durationMs: 2000, paddingBytes: 90 * MB });
let stored;
// n8n removes an execution's binary data once it ends: each run gets the file stored anew
beforeEach(async () => {
	const service = await binaryDataService();
	stored = await service.store(
		{ type: 'execution', workflowId: 'test', executionId: 'upload-input' },
		Readable.from([video]),
		{
			mimeType: 'video/mp4',
			fileName: 'big.mp4',
			data: '',
		},
	);
});

async function upload(extra = {}) {
	const node = mediaNode(
		'Media',
		{ resource: 'upload', operation: 'uploadVideo', binaryPropertyName: 'data' },
		extra,
	);
	const items = [{ json: {}, binary: { data: { ...stored } } }];
	return nodeResult(await runWorkflow({ nodes: [node], items, credentials: creds() }), 'Media');
}

describe('a 90 MB video kept in n8n binary storage', () => {
	test('is stored as a file, not in the item (the case that must stream)', () => {
		expect(stored.id).toMatch(/^filesystem-v2:/);
		expect(video.length).toBeGreaterThan(90 * MB);
	});

	test('reaches the service byte for byte, with its exact length, from a stream', async () => {
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			video_id: expect.any(String),
			duration_ms: 2000,
			bytes: video.length,
		});
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			bytes: video.length,
			sha256: sha256(video),
		});
	});

	test('is read once: its first bytes to check its type, then the whole file as it is sent', async () => {
		const service = await binaryDataService();
		const reads = jest.spyOn(Object.getPrototypeOf(service), 'getAsStream');
		try {
			const { error } = await upload();
			expect(error).toBeUndefined();
			// one read of the first bytes (in a chunk of their own size), one of the whole file
			expect(reads.mock.calls.map(([, chunkSize]) => chunkSize)).toEqual([64, 256 * 1024]);
		} finally {
			reads.mockRestore();
		}
	});

	test('asks the service whether it takes the body first (Expect: 100-continue)', async () => {
		const before = uploads().length;
		const { error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.headers.expect),
		).toEqual(['100-continue']);
	});

	test('10 bytes short of the size n8n recorded: sent and cut short of its Content-Length, never stored', async () => {
		const service = await binaryDataService();
		const recorded = video.length + 10;
		const metadata = jest
			.spyOn(Object.getPrototypeOf(service), 'getMetadata')
			.mockResolvedValue({ fileName: 'big.mp4', mimeType: 'video/mp4', fileSize: recorded });
		const before = uploads().length;
		const videos = ref.svc.state.videos.size;
		try {
			const { error } = await upload();
			expect(error.message).toBe(
				`Binary field "data" holds only ${video.length} of the ${recorded} bytes n8n recorded in its binary storage: the file was not stored whole, so the upload was stopped before its end and the service kept nothing`,
			);
			expect(uploads().length - before).toBe(1);
			expect(ref.svc.state.videos.size).toBe(videos);
			expect(await openFilesAfterClose()).toBe(0);
		} finally {
			metadata.mockRestore();
		}
	});

	test('an early 429 (answered from the headers, connection reset) is reported as the 429 and sent again with a fresh stream', async () => {
		const before = uploads().length;
		ref.svc.faults.add({
			route: 'POST /video/upload',
			kind: 'early',
			status: 429,
			retryAfter: 0,
			times: 2,
		});
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([429, 429, 200]);
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			sha256: sha256(video),
		});
		expect(await openFilesAfterClose()).toBe(0);
	});

	test.each([
		[401, /401|key|authori/i],
		[413, /413|too large/i],
	])(
		"an early %i is reported with the service's answer, not as a network error",
		async (status, pattern) => {
			ref.svc.faults.add({ route: 'POST /video/upload', kind: 'early', status, times: 5 });
			const { error } = await upload();
			expect(error).toBeDefined();
			expect(`${error.message} ${error.description ?? ''}`).toMatch(pattern);
			expect(`${error.message} ${error.description ?? ''}`).not.toMatch(
				/could not be reached|EPIPE|ECONNRESET/,
			);
			expect(await openFilesAfterClose()).toBe(0);
		},
	);

	test('an early 503 is tried again (uploads are free) and then succeeds', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'early', status: 503, times: 1 });
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([503, 200]);
		expect(items[0].json.bytes).toBe(video.length);
	});

	test('a 500 that lasts is tried again, then reported as an upload: no job, nothing that may have been charged', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'status', status: 500, times: 10 });
		const { error } = await upload();
		expect(uploads().length - before).toBe(5);
		expect(error.message).toMatch(/internal error/);
		expect(error.description).toMatch(/^POST \/video\/upload returned 500\. Try again later\.$/);
		expect(`${error.message} ${error.description}`).not.toMatch(
			/started the job|may have been created|sent again/,
		);
	});

	test('a connection reset before any answer is tried again with a fresh stream', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'drop', times: 1 });
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(uploads().length - before).toBe(2);
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			sha256: sha256(video),
		});
		expect(await openFilesAfterClose()).toBe(0);
	});
});
