'use strict';
/** The transport's errors: each status, network failure and answer the service gives, named. */
const { mediaNode } = require('../support/built-node');
const { KEY, useTransport } = require('../support/transport');

const { ref, creds, run } = useTransport();
const getImage = (jobId = '3fa85f64-5717-4562-b3fc-2c963f66afa6') =>
	mediaNode('Media', { resource: 'image', operation: 'get', jobId });

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
