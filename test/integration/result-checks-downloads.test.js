'use strict';
/**
 * A stored result file is the media asked for, whole. The node checks every transfer itself: the
 * first bytes must be the job's kind of media, and the bytes it hands to n8n must match the file
 * host's Content-Length and the size n8n says it stored. Anything else fails the try, is fetched
 * again (with a fresh link when the body was no media at all) and is never reported as stored.
 */
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST } = require('../support/image');
const { runner } = require('../support/media');
const { readBinary, BinaryDataService } = require('../support/binary-data');
const { writePng } = require('../../harness/fake-service/media/png');

const ref = useFakeService({ timing: { queueMs: 50, imageMs: 200, audioMs: 300 } });
const run = imageRunner(ref);
const podcast = runner(ref, 'podcast');
const cof = { extra: { continueOnFail: true } };
const small = { prompt: 'A small cat', model: 'sketch-lite', resolution: '480p', options: FAST };
const fileRequests = () => ref.svc.state.fileRequests.length;
const servedFile = (item, index = 0) =>
	ref.svc.links.file(ref.svc.state.jobs.get(item.json.job_id), index).body;

const realStore = BinaryDataService.prototype.store;
let store;
beforeEach(() => {
	store = jest.spyOn(BinaryDataService.prototype, 'store');
});
afterEach(() => store.mockRestore());

describe('a small file that arrives in one piece', () => {
	test('is stored whole, byte for byte (n8n 1.x kept such files as 0 bytes)', async () => {
		const { items, error } = await run(small);
		expect(error).toBeUndefined();
		const served = servedFile(items[0]);
		expect(served.length).toBeLessThan(16 * 1024);
		expect((await readBinary(items[0].binary.data)).equals(served)).toBe(true);
		expect(items[0].binary.data).toMatchObject({
			mimeType: 'image/png',
			fileExtension: 'png',
			bytes: served.length,
		});
	});
});

describe('a 200 answer that is not the media', () => {
	test.each([
		['page-200', 'an HTML page'],
		['empty-200', 'an empty body'],
		['json-200', 'JSON'],
	])('%s once: fetched again with a fresh link, and the real file is stored', async (kind) => {
		ref.svc.faults.add({ route: 'FILE', kind });
		const before = fileRequests();
		const { items, error } = await run(small);
		expect(error).toBeUndefined();
		const [first, second] = ref.svc.state.fileRequests.slice(before);
		expect(second.path).not.toBe(first.path); // a fresh link from the job
		expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
		expect(store).toHaveBeenCalledTimes(1); // the page itself never reached n8n's storage
	});

	test.each([
		[
			'page-200',
			/the file host at [\d.:]+ answered 200 with an HTML page \(\d+ bytes\), not a PNG, JPEG or WebP image/,
		],
		[
			'empty-200',
			/the file host at [\d.:]+ answered 200 with an empty body \(0 bytes\), not a PNG, JPEG or WebP image/,
		],
		[
			'json-200',
			/the file host at [\d.:]+ answered 200 with JSON \(28 bytes\), not a PNG, JPEG or WebP image/,
		],
	])(
		'%s every time: the item fails, naming what arrived, and nothing is stored',
		async (kind, message) => {
			ref.svc.faults.add({ route: 'FILE', kind, times: 20 });
			const { items } = await run(small, cof);
			expect(items).toHaveLength(1);
			expect(items[0].binary).toBeUndefined();
			expect(items[0].json.error).toMatch(/^Could not download the result of job [0-9a-f-]{36}: /);
			expect(items[0].json.error).toMatch(message);
			expect(store).not.toHaveBeenCalled();
		},
	);

	test('an image where an MP3 was asked for is not stored as audio', async () => {
		const png = writePng({ width: 8, height: 8 });
		ref.svc.faults.add({
			route: 'FILE',
			kind: 'body-200',
			type: 'audio/mpeg',
			body: png.toString('base64'),
			times: 20,
		});
		const { items } = await podcast(
			{ prompt: 'A short show', voiceIds: 'voice-cleo', options: FAST },
			{ operation: 'generateFromPrompt', ...cof },
		);
		expect(items[0].json.error).toMatch(
			/answered 200 with other media \(\d+ bytes\), not an MP3 file/,
		);
		expect(store).not.toHaveBeenCalled();
	});
});

describe('bytes counted by the node, on every n8n release', () => {
	test('a transfer cut off after its headers promised more is fetched again and stored whole', async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'truncate' });
		const before = fileRequests();
		const { items, error } = await run({ ...small, resolution: '720p' });
		expect(error).toBeUndefined();
		expect(fileRequests() - before).toBe(2);
		expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
	});

	test('a gzip-encoded file is stored decoded and whole: its Content-Length counts encoded bytes', async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'gzip' });
		const before = fileRequests();
		const { items, error } = await run(small);
		expect(error).toBeUndefined();
		expect(fileRequests() - before).toBe(1);
		expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
	});

	test('n8n saying it stored another size than it was given fails the try; the next try is checked again', async () => {
		let calls = 0;
		store.mockImplementation(async function (...args) {
			const binary = await realStore.apply(this, args);
			// as n8n would report a file it kept only in part
			return ++calls === 1 ? { ...binary, bytes: binary.bytes - 100 } : binary;
		});
		const before = fileRequests();
		const { items, error } = await run(small);
		expect(error).toBeUndefined();
		expect(calls).toBe(2);
		expect(fileRequests() - before).toBe(2);
		expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
	});

	test('a stored size that never matches ends in an error naming both sizes, not in success', async () => {
		store.mockImplementation(async function (...args) {
			const binary = await realStore.apply(this, args);
			return { ...binary, bytes: 0 };
		});
		const { items } = await run(small, cof);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.error).toMatch(/: n8n stored 0 bytes of the \d+ it was given$/);
	});

	test("a release that records no byte count (n8n 1.x) is checked against the stored file's metadata", async () => {
		const metadata = jest.spyOn(BinaryDataService.prototype, 'getMetadata');
		store.mockImplementation(async function (...args) {
			const binary = await realStore.apply(this, args);
			delete binary.bytes;
			return binary;
		});
		try {
			const { items, error } = await run(small);
			expect(error).toBeUndefined();
			expect(metadata).toHaveBeenCalledWith(items[0].binary.data.id);
			expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
		} finally {
			metadata.mockRestore();
		}
	});
});

describe('links an object store no longer honours', () => {
	test.each([['expired'], ['expired-gcs'], ['expired-azure']])(
		'%s: a fresh link is asked for and the file arrives',
		async (kind) => {
			ref.svc.faults.add({ route: 'FILE', kind });
			const before = fileRequests();
			const { items, error } = await run(small);
			expect(error).toBeUndefined();
			const [first, second] = ref.svc.state.fileRequests.slice(before);
			expect(second.path).not.toBe(first.path);
			expect((await readBinary(items[0].binary.data)).equals(servedFile(items[0]))).toBe(true);
		},
	);

	test("a refusal that persists names the status and the store's error code", async () => {
		ref.svc.faults.add({ route: 'FILE', kind: 'expired-gcs', times: 20 });
		const { items } = await run(small, cof);
		expect(items[0].json.error).toMatch(
			/: the file host at [\d.:]+ answered 400 \(ExpiredToken\)$/,
		);
	});
});
