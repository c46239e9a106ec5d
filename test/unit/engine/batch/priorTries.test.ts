import type { IDataObject } from 'n8n-workflow';

import {
	PriorTries,
	RECORDS_SLOT,
	requestKey,
	uploadKey,
} from '../../../../nodes/MediaGeneration/engine/batch/priorTries';

const create = { path: '/image', body: { prompt: 'a fox', model_id: 'flux-pro' } };
const job = { kind: 'image' as const, at: 1000, id: 'job-1', credits: 4 };
const logo = { kind: 'image', field: 'logo', size: 2048 };

describe('requestKey', () => {
	test('names the item and the request; equal requests give equal keys whatever the order of their fields', () => {
		const reordered = { path: '/image', body: { model_id: 'flux-pro', prompt: 'a fox' } };
		expect(requestKey(0, create)).toBe(requestKey(0, reordered));
		expect(requestKey(0, create)).toMatch(/^0 [A-Za-z0-9_-]{22}$/);
	});

	test.each([
		['another item', requestKey(1, create)],
		['another prompt', requestKey(0, { ...create, body: { ...create.body, prompt: 'a cat' } })],
		['another endpoint', requestKey(0, { ...create, path: '/video' })],
		['another reference id', requestKey(0, { ...create, body: { ...create.body, ref: ['x'] } })],
	])('differs for %s', (_, other) => {
		expect(other).not.toBe(requestKey(0, create));
	});

	test('reads nested fields and arrays in order', () => {
		const music = (volume: number) => ({ ...create, body: { music: { volume, loop: true } } });
		expect(requestKey(0, music(0.2))).not.toBe(requestKey(0, music(0.3)));
		const refs = (ids: string[]) => ({ ...create, body: { reference_image_ids: ids } });
		expect(requestKey(0, refs(['a', 'b']))).not.toBe(requestKey(0, refs(['b', 'a'])));
	});

	test('a field left undefined is the same as one left out', () => {
		expect(requestKey(0, { ...create, body: { ...create.body, seed: undefined } })).toBe(
			requestKey(0, create),
		);
	});
});

describe('PriorTries', () => {
	test('a job one try created is found by the next try of the same run, for the same item and request', () => {
		const context: IDataObject = {};
		new PriorTries(context, 0).sent(2, create, job);
		const next = new PriorTries(context, 0);
		expect(next.job(2, create)).toEqual(job);
		expect(next.job(1, create)).toBeUndefined();
		expect(next.job(2, { ...create, body: { prompt: 'a cat' } })).toBeUndefined();
	});

	test('another run of the node (a loop) does not see it', () => {
		const context: IDataObject = {};
		new PriorTries(context, 0).sent(0, create, job);
		expect(new PriorTries(context, 1).job(0, create)).toBeUndefined();
	});

	test('a create without an answer is kept as such: no id, what it got', () => {
		const context: IDataObject = {};
		const unanswered = { kind: 'video' as const, at: 5, unanswered: 'HTTP 502' };
		new PriorTries(context, 0).sent(0, create, unanswered);
		expect(new PriorTries(context, 0).job(0, create)).toEqual(unanswered);
	});

	test('a failed job is forgotten, so that the next try creates it again', () => {
		const context: IDataObject = {};
		const tries = new PriorTries(context, 0);
		tries.sent(0, create, job);
		tries.sent(1, create, { ...job, id: 'job-2' });
		tries.failed(0, create);
		expect(tries.job(0, create)).toBeUndefined();
		expect(tries.job(1, create)?.id).toBe('job-2');
	});

	test('uploads are kept by item, kind, field and size', () => {
		const context: IDataObject = {};
		const tries = new PriorTries(context, 0);
		tries.uploaded(0, logo, { image_id: 'img-1' });
		expect(new PriorTries(context, 0).upload(0, logo)).toEqual({ image_id: 'img-1' });
		expect(tries.upload(1, logo)).toBeUndefined();
		expect(tries.upload(0, { ...logo, size: 2049 })).toBeUndefined();
		expect(tries.upload(0, { ...logo, kind: 'video' })).toBeUndefined();
		expect(uploadKey(0, logo)).toBe('0 image logo 2048');
	});

	test('nothing is written to the context until something is sent', () => {
		const context: IDataObject = {};
		const tries = new PriorTries(context, 3);
		expect(tries.job(0, create)).toBeUndefined();
		expect(tries.upload(0, logo)).toBeUndefined();
		tries.failed(0, create);
		tries.forgetRun();
		expect(context).toEqual({});
	});

	test("forgetting a run drops its records only; the slot goes with the last run's", () => {
		const context: IDataObject = { other: 1 };
		new PriorTries(context, 0).sent(0, create, job);
		new PriorTries(context, 1).sent(0, create, job);
		new PriorTries(context, 0).forgetRun();
		expect(new PriorTries(context, 0).job(0, create)).toBeUndefined();
		expect(new PriorTries(context, 1).job(0, create)).toEqual(job);
		new PriorTries(context, 1).forgetRun();
		expect(context).toEqual({ other: 1 });
		expect(RECORDS_SLOT in context).toBe(false);
	});

	test('the records survive a JSON round trip, as n8n stores the execution', () => {
		const context: IDataObject = {};
		new PriorTries(context, 4).sent(1, create, job);
		new PriorTries(context, 4).uploaded(1, logo, { image_id: 'img-1' });
		const stored = JSON.parse(JSON.stringify(context)) as IDataObject;
		expect(new PriorTries(stored, 4).job(1, create)).toEqual(job);
		expect(new PriorTries(stored, 4).upload(1, logo)).toEqual({ image_id: 'img-1' });
	});
});
