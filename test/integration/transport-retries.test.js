'use strict';
/** The transport's retries: what is sent again, when, and what never is. */
const net = require('node:net');
const { startFakeService } = require('../../harness/fake-service/server');
const { mediaNode } = require('../support/built-node');
const { useTransport } = require('../support/transport');
const { writePng } = require('../../harness/fake-service/media/png');

const { ref, creds, run } = useTransport();
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

const uploads = () =>
	[...ref.svc.state.images.values()].filter((i) => i.source === 'upload').length;

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
