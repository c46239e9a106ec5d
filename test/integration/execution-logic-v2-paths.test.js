'use strict';
/**
 * Execution logic v2: every binary input of the node takes a path such as `_files.img`, and
 * result files land where n8n puts them, at `_files.data`.
 */
const { FAST } = require('../support/media');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { V2, storedFiles, v2Item, useV2Workflow } = require('../support/v2-workflow');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');

const { credentials, jobOf, runV2, expectUploadedWhole, expectResultAt } = useV2Workflow();

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
