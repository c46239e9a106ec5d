/** What a failed request tells the user: for a create, whether the job may exist, and where to look. */
import type { INode } from 'n8n-workflow';

import type { JobKind } from '../../../nodes/MediaGeneration/contract/jobs';
import {
	toNodeApiError,
	mayHaveCreated,
	redact,
	unansweredCreate,
	type ServiceFailure,
} from '../../../nodes/MediaGeneration/transport/errors';
import { PAGE_TEXT_MAX } from '../../../nodes/MediaGeneration/transport/pageText';
import { gatewayPage } from '../../../harness/fake-service/pages';

const node: INode = {
	id: '1',
	name: 'Media',
	type: 'n8n-nodes-media-generation.mediaGeneration',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const KIND: Record<string, JobKind> = {
	'/image': 'image',
	'/video': 'video',
	'/podcast': 'podcast',
};
const creates = (path: string) => KIND[`/${path.split('/')[1]}`];
type Extra = Partial<ServiceFailure>;
const create = (path: string, extra: Extra): ServiceFailure => ({
	method: 'POST',
	path,
	intent: { create: creates(path) },
	...extra,
});
const post = (path: string, extra: Extra) =>
	toNodeApiError(node, create(path, extra), 'secret-key');

describe('errors of create requests', () => {
	test('5xx, a reset and no answer: the job may exist, with where to look and which Download to use', () => {
		for (const [path, resource] of [
			['/image', 'Image'],
			['/video', 'Video'],
			['/podcast/convo-mode/user-scripted', 'Podcast'],
		]) {
			for (const extra of [
				{ status: 500 },
				{ status: 503 },
				{ networkCode: 'ECONNRESET' },
				{ networkCode: 'ECONNABORTED' },
				{ networkCode: 'ETIMEDOUT' },
			]) {
				const e = post(path, extra);
				expect(e.message).toMatch(/: the job may have been created$/);
				expect(e.description).toMatch(/may exist and be charged/);
				expect(e.description).toMatch(/It was not sent again/);
				expect(e.description).toContain(`${resource} > Download`);
			}
		}
		// n8n's own text for a network code must not replace the node's
		expect(post('/image', { networkCode: 'ECONNRESET' }).message).toBe(
			'The connection to the service was closed unexpectedly (ECONNRESET): the job may have been created',
		);
		expect(post('/image', { networkCode: 'ECONNABORTED' }).message).toMatch(
			/^The service did not answer in time/,
		);
	});

	test('4xx and a refused connection: no job was created, running again is safe', () => {
		for (const extra of [
			{ status: 400 },
			{ status: 401 },
			{ status: 402 },
			{ status: 422 },
			{ status: 429 },
			{ networkCode: 'ECONNREFUSED' },
			{ networkCode: 'ENOTFOUND' },
		]) {
			const e = post('/podcast', extra);
			expect(e.message).toMatch(/: no job was created$/);
			expect(e.description).toMatch(/running it again is safe/);
			expect(mayHaveCreated(create('/podcast', extra))).toBe(false);
		}
	});

	test('reads and uploads keep their own texts: they make no job, and they were tried again', () => {
		const get = toNodeApiError(
			node,
			{ method: 'GET', path: '/image/x', intent: 'read', status: 500 },
			'k',
		);
		expect(get.message).not.toMatch(/job (may have been|was) created/);
		for (const extra of [{ status: 500 }, { networkCode: 'ECONNRESET' }]) {
			const upload = toNodeApiError(
				node,
				{ method: 'POST', path: '/video/upload', intent: 'upload', ...extra },
				'k',
			);
			expect(upload.message).not.toMatch(/job (may have been|was) created/);
			expect(upload.description).not.toMatch(/started the job|sent again/);
		}
	});
});

describe('unansweredCreate: what a create that may have made its job got, for a later try of the node', () => {
	test.each<[string, Extra, string | undefined]>([
		['a 5xx', { status: 502 }, 'HTTP 502'],
		['a reset', { networkCode: 'ECONNRESET' }, 'ECONNRESET'],
		['no answer in time', { networkCode: 'ETIMEDOUT' }, 'ETIMEDOUT'],
		['a 4xx: no job', { status: 402 }, undefined],
		['a 429: no job', { status: 429 }, undefined],
		['a refused connection: nothing sent', { networkCode: 'ECONNREFUSED' }, undefined],
	])('%s', (_, extra, got) => {
		expect(unansweredCreate(post('/image', extra))).toBe(got);
	});

	test('reads and uploads make no job', () => {
		const read = { method: 'GET', path: '/image/x', intent: 'read' as const, status: 502 };
		expect(unansweredCreate(toNodeApiError(node, read, 'k'))).toBeUndefined();
		expect(unansweredCreate(new Error('HTTP 502'))).toBeUndefined();
	});
});

describe('error texts', () => {
	test('a secret is removed wherever it appears', () => {
		expect(redact('key sk-123456 was sk-123456', 'sk-123456')).toBe(
			'key [redacted] was [redacted]',
		);
		expect(redact('nothing here', undefined)).toBe('nothing here');
	});
});

const HOST = 'api.example.com';

describe('error messages for HTML answers', () => {
	const failure = (status: number, extra: Partial<ServiceFailure> = {}): ServiceFailure => ({
		method: 'GET',
		path: '/image/x',
		intent: 'read',
		host: HOST,
		status,
		body: gatewayPage(status, HOST),
		...extra,
	});

	test.each([
		[502, 'Bad Gateway'],
		[503, 'Service Unavailable'],
		[504, 'Gateway Timeout'],
		[520, 'Unknown Error'],
		[521, 'Web Server Is Down'],
		[522, 'Connection Timed Out'],
		[523, 'Origin Is Unreachable'],
		[524, 'A Timeout Occurred'],
	])(
		'%i names the load balancer, its host and the status, then the page in plain text',
		(status, reason) => {
			const e = toNodeApiError(node, failure(status), 'secret-key');
			expect(e.message).toMatch(
				new RegExp(
					`^The service's load balancer at ${HOST} answered ${status} ${reason}: ${HOST} \\| ${status}: `,
				),
			);
			expect(e.message.length).toBeLessThanOrEqual(100 + PAGE_TEXT_MAX);
			expect(e.message).not.toMatch(/[<>]|&\w+;|function|\{/);
			expect(e.description).toMatch(
				/^GET \/image\/x returned \d+\. The network in front of the service could not reach it/,
			);
			expect(e.httpCode).toBe(String(status));
		},
	);

	test('a page as a Buffer, and a page of an nginx load balancer', () => {
		const nginx =
			'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
		const e = toNodeApiError(node, failure(502, { body: Buffer.from(nginx) }), undefined);
		expect(e.message).toBe(
			`The service's load balancer at ${HOST} answered 502 Bad Gateway: 502 Bad Gateway 502 Bad Gateway nginx`,
		);
	});

	test('a create answered with a page: final, and the job may exist', () => {
		const e = toNodeApiError(
			node,
			failure(502, { method: 'POST', path: '/image', intent: { create: 'image' } }),
			'secret-key',
		);
		expect(e.message).toMatch(
			/^The service's load balancer at api\.example\.com answered 502 Bad Gateway: .*: the job may have been created$/,
		);
		expect(e.description).toMatch(/It was not sent again/);
	});

	test("the service's own JSON errors keep their words; a page on a 4xx is only cleaned", () => {
		expect(
			toNodeApiError(node, failure(503, { body: { detail: 'Maintenance' } }), undefined).message,
		).toBe('The service had an internal error: Maintenance');
		const e = toNodeApiError(
			node,
			failure(403, {
				body: '<html><body><h1>403 Forbidden</h1><script>x()</script></body></html>',
			}),
			undefined,
		);
		expect(e.message).toBe('Access denied: 403 Forbidden');
	});

	test('the API key never shows, even when a page repeats it', () => {
		const e = toNodeApiError(
			node,
			failure(502, { body: '<html><body><p>key secret-key-123 refused</p></body></html>' }),
			'secret-key-123',
		);
		expect(`${e.message} ${e.description}`).not.toContain('secret-key-123');
	});
});
