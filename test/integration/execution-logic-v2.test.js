'use strict';
/**
 * A workflow on execution logic v2 (workflow setting `binaryMode: 'combined'`): after each node,
 * n8n moves every stored binary out of `item.binary` into the item's JSON under `_files`, and a
 * binary field is named by its path (`_files.data`), as n8n's own `assertBinaryData` reads it.
 * Every binary input of the node takes such a path; result files land where n8n puts them.
 */
const { createHash } = require('node:crypto');
const { useFakeService, api, waitForJob } = require('../support/fake');
const { FAST } = require('../support/media');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { readBinary, storeBinary } = require('../support/binary-data');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');

const ref = useFakeService();
const credentials = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const V2 = { binaryMode: 'combined' };
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);
const served = (item) => ref.svc.links.file(jobOf(item), 0).body;
const count = (route) => ref.svc.state.requests.filter((r) => r.route === route).length;

/** Files as n8n stores them on disk: {name: 'png' | 'mp4:<ms>'} → {name: {buffer, binary}} */
async function storedFiles(fields) {
	const files = {};
	for (const [name, what] of Object.entries(fields)) {
		const [kind, ms] = what.split(':');
		const buffer =
			kind === 'png'
				? writePng({ width: 16 + Object.keys(files).length, height: 9 })
				: writeMp4({ width: 64, height: 36, durationMs: Number(ms) });
		const mimeType = kind === 'png' ? 'image/png' : 'video/mp4';
		files[name] = {
			buffer,
			binary: await storeBinary(buffer, { mimeType, fileName: `${name}.${kind}` }),
		};
	}
	return files;
}

/** An input item as a v2 workflow hands it to the next node: the files under json._files. */
function v2Item(files, json = {}) {
	const _files = Object.fromEntries(Object.entries(files).map(([n, f]) => [n, f.binary]));
	return { json: { ...json, _files } };
}

async function runV2(name, parameters, items, extra = {}) {
	const run = await runWorkflow({
		nodes: [mediaNode(name, parameters, extra)],
		items,
		credentials: credentials(),
		settings: V2,
	});
	return nodeResult(run, name);
}

/** The service's record of an uploaded file: whole when its size and digest match the source. */
function expectUploadedWhole(kind, id, buffer) {
	const record = ref.svc.state[kind === 'image' ? 'images' : 'videos'].get(id);
	expect(record).toMatchObject({ source: 'upload', bytes: buffer.length, sha256: sha256(buffer) });
}

/** A result file in a v2 workflow: at json._files.<field>, kept by n8n's binary storage, whole. */
async function expectResultAt(item, field = 'data') {
	expect(item.binary).toBeUndefined();
	const binary = item.json._files?.[field];
	expect(binary).toMatchObject({ id: expect.stringMatching(/^filesystem/) });
	const bytes = await readBinary(binary);
	expect(bytes.equals(served(item))).toBe(true);
	return bytes;
}

describe('execution logic v2: binary fields named by their path', () => {
	test('Image > Generate: Reference Image Binary Fields `_files.img, _files.img2` are uploaded whole, in order; the image lands in _files.data', async () => {
		const files = await storedFiles({ img: 'png', img2: 'png' });
		const { items, error } = await runV2(
			'Image',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'Combine @Image 1 and @Image 2',
				model: 'flux-pro',
				resolution: '720p',
				referenceImageFields: '_files.img, _files.img2',
				options: FAST,
			},
			[v2Item(files)],
		);
		expect(error).toBeUndefined();
		const ids = jobOf(items[0]).request.reference_image_ids;
		expect(ids).toHaveLength(2);
		expectUploadedWhole('image', ids[0], files.img.buffer);
		expectUploadedWhole('image', ids[1], files.img2.buffer);
		expect(sniffImage(await expectResultAt(items[0]))).toMatchObject({ type: 'png' });
	});

	test('Video > Generate: Start and End Frame Binary Fields by path', async () => {
		const files = await storedFiles({ first: 'png', last: 'png' });
		const { items, error } = await runV2(
			'Video',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'frames',
				prompt: 'From @Image 1 to @Image 2',
				model: 'motion-fast',
				startFrameField: '_files.first',
				endFrameField: '_files.last',
				options: FAST,
			},
			[v2Item(files)],
		);
		expect(error).toBeUndefined();
		const request = jobOf(items[0]).request;
		expectUploadedWhole('image', request.start_frame_image_id, files.first.buffer);
		expectUploadedWhole('image', request.end_frame_image_id, files.last.buffer);
		expect(readMp4(await expectResultAt(items[0]))).toMatchObject({ hasVideo: true });
	});

	test('Video > Generate: Source Video Binary Field by path; its length prices the job', async () => {
		const files = await storedFiles({ clip: 'mp4:6000' });
		const { items, error } = await runV2(
			'Video',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'video_to_video',
				prompt: 'Restyle',
				model: 'restyle-v2v',
				resolution: '480p',
				sourceVideoField: '_files.clip',
				options: FAST,
			},
			[v2Item(files)],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ estimated_credits: 9, duration_ms: 6000 });
		expectUploadedWhole('video', jobOf(items[0]).request.source_video_id, files.clip.buffer);
		expect(readMp4(await expectResultAt(items[0])).durationMs).toBe(6000);
	});

	test('Video > Generate: Reference Video and Image Binary Fields by path', async () => {
		const files = await storedFiles({ clip: 'mp4:2000', style: 'png' });
		const { items, error } = await runV2(
			'Video',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'references',
				prompt: '@Video 1, styled as @Image 1',
				model: 'cinema-pro',
				referenceVideoFields: '_files.clip',
				referenceImageFields: '_files.style',
				options: { ...FAST, downloadMedia: false },
			},
			[v2Item(files)],
		);
		expect(error).toBeUndefined();
		const request = jobOf(items[0]).request;
		expectUploadedWhole('video', request.reference_video_ids[0], files.clip.buffer);
		expectUploadedWhole('image', request.reference_image_ids[0], files.style.buffer);
	});

	test('Upload Image of the PNG that Image > Generate made, by `_files.data`', async () => {
		const nodes = [
			mediaNode('Image', {
				resource: 'image',
				operation: 'generate',
				prompt: 'A lighthouse',
				model: 'sketch-lite',
				resolution: '480p',
				options: FAST,
			}),
			mediaNode('Upload', {
				resource: 'upload',
				operation: 'uploadImage',
				binaryPropertyName: '_files.data',
			}),
		];
		const run = await runWorkflow({ nodes, credentials: credentials(), settings: V2 });
		const [image] = nodeResult(run, 'Image').items;
		const png = await expectResultAt(image);
		const { items, error } = nodeResult(run, 'Upload');
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ bytes: png.length, mime_type: 'image/png' });
		expectUploadedWhole('image', items[0].json.image_id, png);
	});

	test('Podcast > Generate: the MP3 is stored whole at _files.data', async () => {
		const { items, error } = await runV2(
			'Podcast',
			{
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: 'A short ad for a bakery',
				options: FAST,
			},
			[{ json: {} }],
		);
		expect(error).toBeUndefined();
		expect(mp3DurationMs(await expectResultAt(items[0]))).toBeGreaterThan(0);
	});
});

describe('execution logic v2: a name that is not found', () => {
	test('a plain name: the error lists the paths the item has, before anything is uploaded or created', async () => {
		const files = await storedFiles({ img: 'png', img2: 'png' });
		const before = count('POST /image/upload') + count('POST /image');
		const { error } = await runV2(
			'Image',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'Combine',
				model: 'flux-pro',
				referenceImageFields: 'img',
				options: FAST,
			},
			[v2Item(files)],
		);
		expect(error.message).toBe(
			'Reference Image Binary Fields: the input item has no binary field "img"; it has: _files.img, _files.img2',
		);
		expect(count('POST /image/upload') + count('POST /image')).toBe(before);
	});

	test("Upload's Input Binary Field names the paths too; an item with no files says so", async () => {
		const files = await storedFiles({ photo: 'png' });
		const upload = { resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' };
		const missing = await runV2('Upload', upload, [v2Item(files)]);
		expect(missing.error.message).toBe(
			'Input Binary Field: the input item has no binary field "data"; it has: _files.photo',
		);
		const none = await runV2('Upload', upload, [{ json: { name: 'no files' } }]);
		expect(none.error.message).toBe(
			'Input Binary Field: the input item has no binary field "data"; it has: no binary data',
		);
	});

	test('with Continue On Fail, only that item fails; the other is uploaded', async () => {
		const good = await storedFiles({ data: 'png' });
		const other = await storedFiles({ photo: 'png' });
		const { items, error } = await runV2(
			'Upload',
			{ resource: 'upload', operation: 'uploadImage', binaryPropertyName: '_files.data' },
			[v2Item(good), v2Item(other)],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expectUploadedWhole('image', items[0].json.image_id, good.data.buffer);
		expect(items[1].json.error).toBe(
			'Input Binary Field: the input item has no binary field "_files.data"; it has: _files.photo',
		);
	});
});

describe("execution logic v2: Check carries an input item's fields, not its files", () => {
	test('Done holds the result file only, Running no file; both keep the other fields', async () => {
		const create = async (prompt) =>
			(await api(ref.svc, 'POST', '/image', { body: { prompt, model_id: 'flux-pro' } })).json
				.job_id;
		const done = await create('A finished cat');
		await waitForJob(ref.svc, 'image', done);
		const running = await create('A dog [never]');
		const files = await storedFiles({ img: 'png' });
		const outputs = await runCheck([
			v2Item(files, { job_id: done, episode: 1 }),
			v2Item(files, { job_id: running, episode: 2 }),
		]);
		expect(outputs.error).toBeUndefined();
		const [finished] = outputs.done;
		expect(finished.json).toMatchObject({ job_id: done, episode: 1 });
		expect(Object.keys(finished.json._files)).toEqual(['data']);
		await expectResultAt(finished);
		const [waiting] = outputs.running;
		expect(waiting.json).toMatchObject({
			job_id: running,
			episode: 2,
			status: expect.stringMatching(/^(queued|processing)$/),
		});
		expect(waiting.json._files).toBeUndefined();
	});
});

/** Image > Check in a v2 workflow: its two outputs. */
async function runCheck(items) {
	const node = mediaNode(
		'Check',
		{ resource: 'image', operation: 'check', options: {} },
		{ typeVersion: 2 },
	);
	const run = await runWorkflow({ nodes: [node], items, credentials: credentials(), settings: V2 });
	const task = run.data.resultData.runData.Check?.[0];
	const [done = [], running = []] = task?.data?.main ?? [];
	return { done, running, error: task?.error ?? run.data.resultData.error };
}
