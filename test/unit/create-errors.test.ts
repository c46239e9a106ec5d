/** What a failed create tells the user: whether the job may exist, and where to look. */
import type { INode } from 'n8n-workflow';

import type { JobKind } from '../../nodes/MediaGeneration/engine/jobs/jobKinds';

import {
	toNodeApiError,
	mayHaveCreated,
	type ServiceFailure,
} from '../../nodes/MediaGeneration/transport/errors';
import {
	shown,
	readText,
	readNumber,
	readBoolean,
} from '../../nodes/MediaGeneration/validation/values';

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

describe('reading parameters', () => {
	test('values in messages are short and printable', () => {
		expect(shown('x'.repeat(1000))).toHaveLength(58);
		expect(shown('a\u0000b\u202e')).toBe('a\\u0000b\\u202e');
		expect(shown({ a: [1] })).toBe('{"a":[1]}');
		expect(shown([])).toBe('[]');
	});

	test('text, numbers and yes/no refuse other types by the field name', () => {
		expect(readText(42, 'Prompt')).toBe('42');
		expect(readText(null, 'Prompt')).toBe('');
		expect(() => readText(['a'], 'Prompt')).toThrow('Prompt must be text, not a list');
		expect(() => readText({}, 'Prompt')).toThrow('Prompt must be text, not an object');
		expect(() => readText(NaN, 'Prompt')).toThrow('Prompt must be text, not NaN');
		expect(() => readText('x'.repeat(100_001), 'Prompt')).toThrow(
			'Prompt is 100001 characters long; at most 100000 are allowed',
		);
		expect(readNumber(' 2 ', 'Count', 1)).toBe(2);
		expect(readNumber('', 'Count', 1)).toBe(1);
		expect(() => readNumber('two', 'Count', 1)).toThrow(
			'Count must be a number, not the string two',
		);
		expect(() => readNumber(Infinity, 'Count', 1)).toThrow('Count must be a number, not Infinity');
		expect(() => readNumber([2], 'Count', 1)).toThrow('Count must be a number, not a list');
		expect(readBoolean('false', 'Loop', true)).toBe(false);
		expect(() => readBoolean(1, 'Loop', true)).toThrow(
			'Loop must be true or false, not the number 1',
		);
	});
});
