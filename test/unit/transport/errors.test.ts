/** What a failed request tells the user: for a create, whether the job may exist, and where to look. */
import type { JobKind } from '../../../nodes/MediaGeneration/contract/jobs';
import {
	toNodeApiError,
	mayHaveCreated,
	redact,
	unansweredCreate,
	type ServiceFailure,
} from '../../../nodes/MediaGeneration/transport/errors';
import { node } from '../../support/inode';

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
