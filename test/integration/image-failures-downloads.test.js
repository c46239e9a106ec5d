'use strict';
/** Image results that fail to download, and Image > Download of a job's files. */
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST, count } = require('../support/image');
const { readBinary, BinaryDataService } = require('../support/binary-data');
const { sniffImage } = require('../../harness/fake-service/media/sniff');

const ref = useFakeService();
const run = imageRunner(ref);
const cof = { extra: { onError: 'continueRegularOutput' } };
const prompts = (...p) => ({ items: p.map((x) => ({ json: { p: x } })) });

describe('downloads', () => {
	test('an expired link is replaced by a fresh one from the job endpoint', async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'expired' });
		const files = ref.svc.state.fileRequests.length;
		const { items, error } = await run({ prompt: 'A cat', model: 'sketch-lite', options: FAST });
		expect(error).toBeUndefined();
		expect(sniffImage(await readBinary(items[0].binary.data)).type).toBe('png');
		const [first, second] = ref.svc.state.fileRequests.slice(files);
		expect(first.path).not.toBe(second.path);
		expect(items[0].json.url).toContain(second.path);
	});

	test('a transfer cut off halfway is fetched again, whole', async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'truncate' });
		const files = ref.svc.state.fileRequests.length;
		const { items, error } = await run({ prompt: 'A cat', model: 'flux-pro', options: FAST });
		expect(error).toBeUndefined();
		const job = ref.svc.state.jobs.get(items[0].json.job_id);
		const served = ref.svc.links.file(job, 0).body;
		expect((await readBinary(items[0].binary.data)).equals(served)).toBe(true);
		expect(ref.svc.state.fileRequests.length - files).toBe(2);
	});

	test('a connection that breaks while n8n prepares to store the file is fetched again, and nothing escapes uncaught', async () => {
		// n8n's filesystem mode creates the file's folder before it reads the stream; the cut lands in between
		const original = BinaryDataService.prototype.store;
		const store = jest
			.spyOn(BinaryDataService.prototype, 'store')
			.mockImplementation(async function (...args) {
				await new Promise((resolve) => setTimeout(resolve, 100));
				return await original.apply(this, args);
			});
		try {
			ref.svc.faults.add({ route: 'FILE', kind: 'truncate' });
			const files = ref.svc.state.fileRequests.length;
			const { items, error } = await run({ prompt: 'A cat', model: 'flux-pro', options: FAST });
			expect(error).toBeUndefined();
			const job = ref.svc.state.jobs.get(items[0].json.job_id);
			expect((await readBinary(items[0].binary.data)).equals(ref.svc.links.file(job, 0).body)).toBe(
				true,
			);
			expect(ref.svc.state.fileRequests.length - files).toBe(2);
		} finally {
			store.mockRestore();
		}
	});

	test('a file host error that persists fails the item and says the job keeps its result', async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'status', status: 500, times: 10 });
		const { items } = await run({ prompt: 'A cat', model: 'sketch-lite', options: FAST }, cof);
		expect(items[0].json.error).toMatch(
			/Could not download the result of job [0-9a-f-]{36}: the file host at [\d.:]+ answered 500/,
		);
		expect(items[0].json.description).toMatch(/run Download with this job ID/);
	});

	test("a file n8n will not store once it has it all (database mode's size cap) fails at once, with n8n's reason", async () => {
		// what n8n's database mode does with a file over N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE
		const store = jest
			.spyOn(BinaryDataService.prototype, 'store')
			.mockImplementation(async (_location, stream) => {
				for await (const chunk of stream) void chunk;
				throw new Error(
					'Failed to write binary file because its size exceeds the max size limit set for `database` mode.',
				);
			});
		try {
			const files = ref.svc.state.fileRequests.length;
			const { items } = await run({ prompt: 'A cat', model: 'sketch-lite', options: FAST }, cof);
			expect(items[0].json.error).toMatch(
				/^Could not store the result of job [0-9a-f-]{36} in n8n: Failed to write binary file .*max size limit/,
			);
			expect(items[0].json.description).toMatch(/run Download with this job ID/);
			expect(ref.svc.state.fileRequests.length - files).toBe(1); // not fetched again: it would not fit again
		} finally {
			store.mockRestore();
		}
	});

	test('a passing 503 while polling is retried', async () => {
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'status', status: 503 });
		const { items, error } = await run({ prompt: 'A cat', model: 'sketch-lite', options: FAST });
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('succeeded');
	});
});

describe('Image > Download', () => {
	test('a job still running or failed gives a clear error per item; finished ones download', async () => {
		const gen = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', waitForCompletion: false },
			prompts('done', 'wait [never]', 'bad [fail]'),
		);
		await new Promise((r) => setTimeout(r, 700));
		const ids = gen.items.map((i) => ({ json: { id: i.json.job_id } }));
		const { items } = await run(
			{ jobId: '={{ $json.id }}' },
			{ operation: 'download', items: ids, ...cof },
		);
		expect(items.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(items[0].binary.data.mimeType).toBe('image/png');
		expect(items[1].json).toMatchObject({
			error: `Image job ${ids[1].json.id} is still processing: nothing to download yet`,
			job_id: ids[1].json.id,
		});
		expect(items[2].json.error).toMatch(/failed: The prompt was flagged/);
	});

	test('an unknown job gives 404 with what to check', async () => {
		const before = count(ref.svc, 'GET /image/:id');
		const { error } = await run(
			{ jobId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
			{ operation: 'download' },
		);
		expect(error.message).toMatch(/Not found/);
		expect(count(ref.svc, 'GET /image/:id')).toBe(before + 1);
	});

	test("another user's job is not visible", async () => {
		const gen = await run({ prompt: 'mine', model: 'sketch-lite', waitForCompletion: false });
		const bob = imageRunner(ref, 'test-key-bob');
		const { error } = await bob({ jobId: gen.items[0].json.job_id }, { operation: 'download' });
		expect(error.httpCode).toBe('404');
	});
});
