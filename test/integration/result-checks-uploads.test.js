'use strict';
/**
 * An upload from n8n binary storage sends exactly the bytes the node counted, and stops before
 * its end when the stored file is not the size n8n recorded, so the service keeps nothing.
 */
const { Readable } = require('node:stream');
const { useFakeService } = require('../support/fake');
const { BinaryDataService, binaryDataService } = require('../support/binary-data');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService({ timing: { queueMs: 50, imageMs: 200, audioMs: 300 } });

describe('an upload from n8n binary storage', () => {
	const png = writePng({ width: 16, height: 9 });
	async function storedInput(bytes) {
		const service = await binaryDataService();
		return await service.store(
			{ type: 'execution', workflowId: 'test', executionId: 'upload-check' },
			Readable.from([bytes]),
			{
				mimeType: 'image/png',
				fileName: 'in.png',
				data: '',
			},
		);
	}
	const uploads = () =>
		ref.svc.state.requests.filter((r) => r.route === 'POST /image/upload').length;
	async function upload(binary) {
		const node = mediaNode(
			'Media',
			{ resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' },
			{ continueOnFail: true },
		);
		const items = [{ json: {}, binary: { data: binary } }];
		return nodeResult(
			await runWorkflow({
				nodes: [node],
				items,
				credentials: { apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl },
			}),
			'Media',
		);
	}

	test('sends exactly the bytes it counted, whatever size n8n recorded', async () => {
		const binary = await storedInput(png);
		const metadata = jest
			.spyOn(BinaryDataService.prototype, 'getMetadata')
			.mockResolvedValue({ fileName: 'in.png', mimeType: 'image/png' });
		try {
			const { items } = await upload(binary);
			expect(items[0].json).toMatchObject({ bytes: png.length });
			expect(items[0].json.image_id).toBeDefined();
		} finally {
			metadata.mockRestore();
		}
	});

	test.each([
		['shorter than', 10],
		['longer than', -10],
	])(
		"a stored file %s n8n's record: the upload stops before its end, the item fails and the service keeps nothing",
		async (_how, extra) => {
			const binary = await storedInput(png);
			const recorded = png.length + extra;
			const metadata = jest
				.spyOn(BinaryDataService.prototype, 'getMetadata')
				.mockResolvedValue({ fileName: 'in.png', mimeType: 'image/png', fileSize: recorded });
			const before = uploads();
			const stored = ref.svc.state.images.size;
			try {
				const { items } = await upload(binary);
				const holds = extra > 0 ? `only ${png.length} of` : 'more than';
				expect(items[0].json.error).toBe(
					`Binary field "data" holds ${holds} the ${recorded} bytes n8n recorded in its binary storage: the file was not stored whole, so the upload was stopped before its end and the service kept nothing`,
				);
				// at most one try went out, cut short of its Content-Length: nothing stored, no other try
				expect(uploads() - before).toBeLessThanOrEqual(1);
				expect(ref.svc.state.images.size).toBe(stored);
			} finally {
				metadata.mockRestore();
			}
		},
	);

	test('an empty stored file fails the item before anything is sent', async () => {
		const binary = await storedInput(Buffer.alloc(0));
		const before = uploads();
		const { items } = await upload(binary);
		expect(items[0].json.error).toBe(
			'Input Binary Field "data" is empty (0 bytes); allowed: PNG, JPEG or WebP',
		);
		expect(uploads()).toBe(before);
	});
});
