'use strict';
const net = require('node:net');
const { useFakeService } = require('../support/fake');
const { startFakeService } = require('../../harness/fake-service/server');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { writePng } = require('../../harness/fake-service/media/png');

const KEY = 'test-key-alice';
const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50 } });
const creds = (extra = {}) => ({ apiKey: KEY, baseUrl: ref.svc.apiUrl, ...extra });
const getImage = (jobId = '3fa85f64-5717-4562-b3fc-2c963f66afa6') =>
	mediaNode('Media', { resource: 'image', operation: 'get', jobId });
const pngItem = () => ({
	json: {},
	binary: {
		data: {
			data: writePng({ width: 8, height: 8 }).toString('base64'),
			mimeType: 'image/png',
			fileName: 'a.png',
		},
	},
});
const uploadNode = (extra) =>
	mediaNode(
		'Media',
		{ resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' },
		extra,
	);

async function run(node, { items, credentials = creds() } = {}) {
	return nodeResult(await runWorkflow({ nodes: [node], items, credentials }), 'Media');
}
const uploads = () =>
	[...ref.svc.state.images.values()].filter((i) => i.source === 'upload').length;

describe('transport: errors', () => {
	test.each([
		[400, /refused the request/],
		[401, /API key was refused/],
		[402, /Not enough credits/],
		[403, /Access denied/],
		[404, /Not found/],
		[413, /too large/],
		[429, /Too many requests/],
		[500, /internal error/],
	])(
		'%i becomes a NodeApiError that says what to do, with no trace of the key',
		async (status, message) => {
			ref.svc.faults.add({
				route: '*',
				kind: 'status',
				status,
				retryAfter: 0,
				times: Infinity,
				body: { detail: `rejected key ${KEY} here` },
			});
			const { error } = await run(getImage());
			expect(error.message).toMatch(message);
			expect(error.httpCode).toBe(String(status));
			expect(error.description).toMatch(/GET \/image\/.* returned \d+\. \S/);
			expect(JSON.stringify(error)).not.toContain(KEY);
			expect(`${error.message} ${error.description} ${error.stack}`).not.toContain(KEY);
		},
	);

	test('a 422 body becomes one "field: message" line per item', async () => {
		ref.svc.faults.add({
			route: 'GET /image/:id',
			kind: 'status',
			status: 422,
			body: {
				detail: [
					{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' },
					{
						loc: ['body', 'number_of_images'],
						msg: 'Input should be less than or equal to 4',
						type: 'less_than_equal',
					},
				],
			},
		});
		const { error } = await run(getImage());
		expect(error.message).toBe(
			'The request was invalid: prompt: Field required\nnumber_of_images: Input should be less than or equal to 4',
		);
	});

	test('the key never reaches an output with Continue On Fail, and every item keeps its place', async () => {
		const ok = (
			await require('../support/fake').api(ref.svc, 'POST', '/image', {
				body: { prompt: 'x', model_id: 'sketch-lite' },
			})
		).json.job_id;
		const node = mediaNode(
			'Media',
			{ resource: 'image', operation: 'get', jobId: '={{ $json.id }}' },
			{ onError: 'continueRegularOutput' },
		);
		const items = [
			{ json: { id: ok } },
			{ json: { id: '00000000-0000-4000-8000-000000000000' } },
			{ json: { id: ok } },
		];
		const { items: out } = await run(node, { items });
		expect(out).toHaveLength(3);
		expect(out.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(out[0].json.job_id).toBe(ok);
		expect(out[1].json).toMatchObject({
			error: expect.stringMatching(/Not found/),
			http_status: 404,
		});
		expect(out[2].json.job_id).toBe(ok);
		expect(JSON.stringify(out)).not.toContain(KEY);
	});

	test('an invalid Base URL is named before anything is sent', async () => {
		const { error } = await run(getImage(), {
			credentials: creds({ baseUrl: 'ftp://example.com/v1' }),
		});
		expect(error.message).toMatch(/Base URL .* must be an http:\/\/ or https:\/\/ address/);
	});

	test('the key goes only to the base URL host', async () => {
		await run(getImage());
		const api = ref.svc.state.requests.filter((r) => r.path.startsWith('/v1/'));
		expect(api.length).toBeGreaterThan(0);
		expect(api.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
		expect(ref.svc.state.fileRequests.every((r) => r.headers['x-api-key'] === undefined)).toBe(
			true,
		);
	});

	test('a run reads its credential once, however many requests it sends', async () => {
		const { TestCredentialsHelper } = require('../support/credentials-helper');
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			const ok = (
				await require('../support/fake').api(ref.svc, 'POST', '/image', {
					body: { prompt: 'x', model_id: 'sketch-lite' },
				})
			).json.job_id;
			const before = ref.svc.state.requests.length;
			const node = mediaNode('Media', {
				resource: 'image',
				operation: 'get',
				jobId: '={{ $json.id }}',
			});
			const { items: out } = await run(node, {
				items: Array.from({ length: 6 }, () => ({ json: { id: ok } })),
			});
			expect(out).toHaveLength(6);
			const sent = ref.svc.state.requests
				.slice(before)
				.filter((r) => r.path.startsWith('/v1/image/'));
			expect(sent).toHaveLength(6);
			expect(sent.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
			expect(reads).toHaveBeenCalledTimes(1);
		} finally {
			reads.mockRestore();
		}
	});
});

describe('transport: retries', () => {
	test('GET is retried on 5xx and dropped connections, honouring Retry-After', async () => {
		const before = ref.svc.state.requests.length;
		ref.svc.faults.add({ route: 'GET /video/models', kind: 'status', status: 503, retryAfter: 1 });
		ref.svc.faults.add({ route: 'GET /video/models', kind: 'drop' });
		const { items, error } = await run(
			mediaNode('Media', { resource: 'model', operation: 'listVideoModels' }),
		);
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		const tries = ref.svc.state.requests
			.slice(before)
			.filter((r) => r.route === 'GET /video/models');
		expect(tries).toHaveLength(3);
		expect(tries[1].time - tries[0].time).toBeGreaterThanOrEqual(950);
	});

	test('GET gives up after a bounded number of tries', async () => {
		const before = ref.svc.state.requests.length;
		ref.svc.faults.add({
			route: 'GET /video/models',
			kind: 'status',
			status: 502,
			retryAfter: 0,
			times: Infinity,
		});
		const { error } = await run(
			mediaNode('Media', { resource: 'model', operation: 'listVideoModels' }),
		);
		expect(error.httpCode).toBe('502');
		expect(ref.svc.state.requests.length - before).toBe(5);
	});

	test.each(['status-after', 'drop-after'])(
		'a create request is never sent twice after %s',
		async (kind) => {
			const jobs = () => [...ref.svc.state.jobs.values()].filter((j) => j.kind === 'image').length;
			const before = jobs();
			const requests = ref.svc.state.requests.length;
			ref.svc.faults.add({ route: 'POST /image', kind, status: 500 });
			const { error } = await run(
				mediaNode('Media', {
					resource: 'image',
					operation: 'generate',
					prompt: 'A lighthouse',
					model: 'flux-pro',
				}),
			);
			expect(error.message).toMatch(
				kind === 'drop-after' ? /closed unexpectedly|ECONNRESET/ : /internal error/,
			);
			expect(error.description).toMatch(/not sent again/);
			expect(jobs()).toBe(before + 1);
			expect(
				ref.svc.state.requests.slice(requests).filter((r) => r.route === 'POST /image'),
			).toHaveLength(1);
		},
	);

	test.each(['status-after', 'drop-after'])(
		'an upload (free) is sent again after %s, and succeeds',
		async (kind) => {
			const before = uploads();
			ref.svc.faults.add({ route: 'POST /image/upload', kind, status: 500 });
			const { items, error } = await run(uploadNode(), { items: [pngItem()] });
			expect(error).toBeUndefined();
			expect(items[0].json.image_id).toEqual(expect.any(String));
			expect(uploads()).toBe(before + 2);
		},
	);

	test('a create request is retried on 429 and then succeeds once', async () => {
		const before = uploads();
		ref.svc.faults.add({
			route: 'POST /image/upload',
			kind: 'status',
			status: 429,
			retryAfter: 0,
			times: 2,
		});
		const { items, error } = await run(uploadNode(), { items: [pngItem()] });
		expect(error).toBeUndefined();
		expect(items[0].json.image_id).toEqual(expect.any(String));
		expect(uploads()).toBe(before + 1);
	});

	test('a create request is retried when the connection is refused', async () => {
		const port = await new Promise((resolve) => {
			const s = net.createServer().listen(0, '127.0.0.1', () => {
				const p = s.address().port;
				s.close(() => resolve(p));
			});
		});
		let late;
		const starting = new Promise((r) => setTimeout(r, 800)).then(async () => {
			late = await startFakeService({ port });
		});
		try {
			const { items, error } = await run(uploadNode(), {
				items: [pngItem()],
				credentials: creds({ baseUrl: `http://127.0.0.1:${port}/v1` }),
			});
			await starting;
			expect(error).toBeUndefined();
			expect(items[0].json.image_id).toEqual(expect.any(String));
			expect(late.state.images.size).toBe(1);
		} finally {
			await starting;
			await late?.stop();
		}
	});
});
