'use strict';
/**
 * Execution logic v2 in the real n8n of each release of the matrix that offers it (the workflow
 * setting `binaryMode: 'combined'`, with binary data on disk): every binary input of the node named
 * by its path under `_files` (reference images, start and end frames, a source video, a reference
 * clip, an upload of a generated PNG), each result file stored whole where n8n puts it in that
 * mode, and a plain name answered with the paths the item has.
 */
const { createHash } = require('node:crypto');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { nodeItems, runError, runtimePackage } = require('../../harness/n8n-cli');
const { binaryPathsWorkflow, NODE_NAMES } = require('./execution-logic-v2-workflow');
const { API_KEY, compatService, compatInstance } = require('./instance');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const release = require('../../harness/n8n-releases/release').current();
// the setting exists where the release's n8n-workflow knows the mode (not in n8n 1.x)
const offersV2 = runtimePackage('n8n-workflow').BINARY_MODE_COMBINED === 'combined';
const describeV2 = offersV2 ? describe : describe.skip;
const title = offersV2
	? `n8n ${release.version}, a workflow on execution logic v2, filesystem binary data`
	: `n8n ${release.version}: skipped, this release has no execution logic v2 (no binaryMode workflow setting)`;

let svc;
let n8n;
let result;
let data;

describeV2(title, () => {
	beforeAll(async () => {
		svc = await compatService();
		let id;
		({ n8n, id } = await compatInstance(svc, binaryPathsWorkflow, {
			binaryDataMode: 'filesystem',
		}));
		result = await n8n.execute(id, { timeoutMs: 120_000 });
		data = result.data;
	}, 240_000);

	afterAll(async () => {
		await n8n?.stop();
		await svc?.stop();
	});

	const item = (name) => nodeItems(data, name)[0];
	const jobOf = (name) => svc.state.jobs.get(item(name).json.job_id);
	/** A result file: at json._files.data, in n8n's storage on disk, byte-equal to what was served. */
	const resultFile = (name) => {
		const out = item(name);
		expect([name, out.binary]).toEqual([name, undefined]);
		const binary = out.json._files?.data;
		expect([name, binary?.id]).toEqual([name, expect.stringMatching(/^filesystem/)]);
		const bytes = n8n.fileBytes(binary);
		expect([name, bytes.equals(svc.links.file(jobOf(name), 0).body)]).toEqual([name, true]);
		return bytes;
	};
	/** The service's record of an upload matches these bytes exactly. */
	const uploadedWhole = (kind, id, bytes) =>
		expect(svc.state[kind === 'image' ? 'images' : 'videos'].get(id)).toMatchObject({
			source: 'upload',
			bytes: bytes.length,
			sha256: sha256(bytes),
		});

	test('the workflow runs to the end: every node of ours gave its item', () => {
		if (result.code !== 0)
			throw new Error(
				`n8n execute exited ${result.code}: ${JSON.stringify(runError(data))}\n${result.stdout.slice(-3000)}`,
			);
		expect(result.stdout).not.toContain(API_KEY);
		for (const name of NODE_NAMES) expect([name, nodeItems(data, name)?.length]).toEqual([name, 1]);
	});

	test('Reference Image Binary Fields by path: `_files.data`, then `_files.img, _files.img2`', () => {
		const frameA = resultFile('Frame A');
		const frameB = resultFile('Frame B');
		const [fromA] = jobOf('Frame B').request.reference_image_ids;
		uploadedWhole('image', fromA, frameA);
		const both = jobOf('Image from References').request.reference_image_ids;
		expect(both).toHaveLength(2);
		uploadedWhole('image', both[0], frameA);
		uploadedWhole('image', both[1], frameB);
		resultFile('Image from References');
	});

	test('Start and End Frame Binary Fields by path', () => {
		const request = jobOf('Video from Frames').request;
		uploadedWhole('image', request.start_frame_image_id, resultFile('Frame A'));
		uploadedWhole('image', request.end_frame_image_id, resultFile('Frame B'));
		expect(readMp4(resultFile('Video from Frames'))).toMatchObject({ hasVideo: true });
	});

	test('Source Video and Reference Video Binary Fields by path', () => {
		const clip = resultFile('Video from Frames');
		uploadedWhole('video', jobOf('Video to Video').request.source_video_id, clip);
		expect(readMp4(resultFile('Video to Video')).durationMs).toBe(readMp4(clip).durationMs);
		const [reference] = jobOf('Video from Reference Clip').request.reference_video_ids;
		uploadedWhole('video', reference, clip);
	});

	test('Upload Image of the PNG that Image > Generate made, by `_files.data`', () => {
		const png = resultFile('Frame A');
		const upload = item('Upload Generated PNG').json;
		expect(upload).toMatchObject({ bytes: png.length, mime_type: 'image/png' });
		uploadedWhole('image', upload.image_id, png);
	});

	test("the podcast's MP3 is stored whole at `_files.data`", () => {
		expect(mp3DurationMs(resultFile('Podcast'))).toBeGreaterThan(0);
	});

	test('a plain name fails its item, listing the paths the item has', () => {
		expect(item('Plain Name').json.error).toBe(
			'Reference Image Binary Fields: the input item has no binary field "img"; it has: _files.img, _files.img2',
		);
	});
});

// on a release without v2 the checks above are skipped; this says why, and checks that it is so
if (!offersV2)
	test(`n8n ${release.version} has no execution logic v2: the checks of binary inputs by path are skipped`, () => {
		expect(runtimePackage('n8n-workflow').BINARY_MODE_COMBINED).toBeUndefined();
	});
