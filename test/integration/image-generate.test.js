'use strict';
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST, count } = require('../support/image');
const { readBinary } = require('../support/binary-data');
const { sniffImage } = require('../../harness/fake-service/media/sniff');

const ref = useFakeService();
const run = imageRunner(ref);

describe('Image > Generate, waiting for completion', () => {
	test('outputs the image as PNG binary data with the job JSON', async () => {
		const { items, error } = await run({
			prompt: 'A red fox',
			model: 'flux-pro',
			resolution: '720p',
			aspectRatio: '16:9',
			options: FAST,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const { json, binary, pairedItem } = items[0];
		expect(pairedItem).toEqual({ item: 0 });
		expect(json).toMatchObject({
			job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			status: 'succeeded',
			image_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			image_number: 1,
			model: 'flux-pro',
			resolution: '720p',
			estimated_credits: 4,
			url: expect.stringContaining('/files/'),
		});
		expect(Date.parse(json.url_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
		expect(binary.data).toMatchObject({
			mimeType: 'image/png',
			fileExtension: 'png',
			fileName: `image-${json.job_id.slice(0, 8)}.png`,
		});
		const png = sniffImage(await readBinary(binary.data));
		expect(png).toEqual({ type: 'png', width: json.width, height: json.height });
		expect(json.width / json.height).toBeCloseTo(16 / 9, 1);
	});

	test('the API key goes to the API host only, never to the file host', async () => {
		const before = ref.svc.state.fileRequests.length;
		const { items } = await run({ prompt: 'A blue bird', model: 'sketch-lite', options: FAST });
		expect(items[0].binary.data).toBeDefined();
		const fileRequests = ref.svc.state.fileRequests.slice(before);
		expect(fileRequests.length).toBe(1);
		for (const r of fileRequests) {
			expect(r.headers['x-api-key']).toBeUndefined();
			expect(JSON.stringify(r.headers)).not.toContain('test-key-alice');
		}
		expect(new URL(ref.svc.filesOrigin).host).not.toBe(new URL(ref.svc.apiUrl).host);
	});

	test('several images: one item each, in order, numbered file names from the File Name option', async () => {
		const { items } = await run({
			prompt: 'Three cats',
			model: 'flux-pro',
			numberOfImages: 3,
			options: { ...FAST, fileName: 'cats.png', binaryPropertyName: 'picture' },
		});
		expect(items.map((i) => i.json.image_number)).toEqual([1, 2, 3]);
		expect(items.map((i) => i.binary.picture.fileName)).toEqual([
			'cats-1.png',
			'cats-2.png',
			'cats-3.png',
		]);
		expect(items.every((i) => i.pairedItem.item === 0)).toBe(true);
		expect(new Set(items.map((i) => i.json.image_id)).size).toBe(3);
		expect(items[0].json.estimated_credits).toBe(18);
	});

	test('Download Media off: links only, no file fetched', async () => {
		const before = ref.svc.state.fileRequests.length;
		const { items } = await run({
			prompt: 'Two dogs',
			model: 'flux-pro',
			numberOfImages: 2,
			options: { ...FAST, downloadMedia: false },
		});
		expect(items).toHaveLength(2);
		expect(items[0].binary).toBeUndefined();
		expect(items[1].json).toMatchObject({
			status: 'succeeded',
			url: expect.stringContaining('/files/'),
			url_expires_at: expect.any(String),
		});
		expect(ref.svc.state.fileRequests.length).toBe(before);
	});
});

describe('Image > Generate without waiting', () => {
	test('outputs job_id and estimated_credits at once; Get and Download finish later', async () => {
		const polls = count(ref.svc, 'GET /image/:id');
		const { items } = await run({
			prompt: 'A green frog',
			model: 'studio-4k',
			resolution: '4k',
			numberOfImages: 2,
			waitForCompletion: false,
		});
		expect(items).toEqual([
			{
				json: {
					job_id: expect.any(String),
					status: 'queued',
					model: 'studio-4k',
					resolution: '4k',
					estimated_credits: 40,
					created_at: expect.any(String),
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(count(ref.svc, 'GET /image/:id')).toBe(polls);
		const jobId = items[0].json.job_id;

		await new Promise((r) => setTimeout(r, 700));
		const got = await run({ jobId }, { operation: 'get' });
		expect(got.items[0].json).toMatchObject({
			job_id: jobId,
			status: 'succeeded',
			images: [expect.any(Object), expect.any(Object)],
		});

		const downloaded = await run(
			{ jobId, options: { fileName: 'poster' } },
			{ operation: 'download' },
		);
		expect(downloaded.items.map((i) => i.binary.data.fileName)).toEqual([
			'poster-1.png',
			'poster-2.png',
		]);
		expect(downloaded.items[1].json).toMatchObject({
			job_id: jobId,
			status: 'succeeded',
			image_number: 2,
		});
	});
});
