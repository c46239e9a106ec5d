'use strict';
/**
 * A 90 MB video kept on disk in n8n's binary storage (filesystem mode, a regular instance's
 * default), and the node's upload of it: what the upload-streaming tests share.
 */
const fs = require('node:fs');
const { Readable } = require('node:stream');
const { useFakeService } = require('./fake');
const { until } = require('../../harness/wait');
const { runWorkflow, nodeResult } = require('./run-workflow');
const { mediaNode } = require('./built-node');
const { binaryDataService } = require('./binary-data');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const MB = 1024 * 1024;
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

/**
 * Starts the fake for this test file and stores the video before each test; returns the fake,
 * the node's upload of the video, the upload requests the fake saw, and the stored binary.
 */
function useStoredVideo() {
	const ref = useFakeService();
	const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
	const uploads = () => ref.svc.state.requests.filter((r) => r.route === 'POST /video/upload');
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
	return { ref, upload, uploads, stored: () => stored };
}

module.exports = { MB, video, openFilesAfterClose, useStoredVideo };
