'use strict';
const { createHash } = require('node:crypto');
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST } = require('../support/image');
const { binaryDataService, BinaryDataService } = require('../support/binary-data');

const ref = useFakeService();
const run = imageRunner(ref);
const MB = 1024 * 1024;

async function sha256Of(stream) {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk);
	return hash.digest('hex');
}

describe('a 60 MB result', () => {
	let store;
	beforeAll(() => {
		ref.svc.state.resultPaddingBytes = 60 * MB;
		store = jest.spyOn(BinaryDataService.prototype, 'store');
	});
	afterAll(() => {
		ref.svc.state.resultPaddingBytes = 0;
		store.mockRestore();
	});

	test('is streamed into n8n binary data on disk, never handed over as one buffer', async () => {
		const { items, error } = await run({
			prompt: 'A huge poster',
			model: 'flux-pro',
			options: FAST,
		});
		expect(error).toBeUndefined();
		const binary = items[0].binary.data;

		// what the node gave n8n's binary data service: a stream, not a Buffer
		expect(store).toHaveBeenCalledTimes(1);
		const handed = store.mock.calls[0][1];
		expect(Buffer.isBuffer(handed)).toBe(false);
		expect(typeof handed.pipe).toBe('function');

		// n8n kept it on disk (filesystem mode): the item holds a reference, not base64
		expect(binary.id).toMatch(/^filesystem-v2:/);
		expect(binary.data).toBe('filesystem-v2');

		// and the stored file is exactly what the service served
		const job = ref.svc.state.jobs.get(items[0].json.job_id);
		const served = ref.svc.links.file(job, 0).body;
		expect(served.length).toBeGreaterThan(60 * MB);
		expect(binary.bytes).toBe(served.length);
		const service = await binaryDataService();
		expect(await sha256Of(await service.getAsStream(binary.id))).toBe(
			createHash('sha256').update(served).digest('hex'),
		);
		expect(binary).toMatchObject({ mimeType: 'image/png', fileExtension: 'png' });
	});
});
