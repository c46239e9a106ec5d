'use strict';
/**
 * Versions 2 and 3 open on Image > Generate; version 1 keeps Model > List Image Models as its
 * default, because n8n stores no parameter equal to its default and saved version 1 workflows
 * rely on it. Version 3 picks the model with a resource locator (model-picker.test.js).
 */
const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode, nodeInstance } = require('../support/built-node');
const { imageModels } = require('../../harness/fake-service/catalogue');

const ref = useFakeService();
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

async function run(parameters, typeVersion) {
	const result = await runWorkflow({
		nodes: [mediaNode('Media', parameters, { typeVersion })],
		credentials: creds(),
	});
	return nodeResult(result, 'Media');
}

describe('node versions', () => {
	test('a new node is version 3', () => {
		expect(nodeInstance.description.version).toEqual([1, 2, 3]);
		expect(nodeInstance.description.defaultVersion).toBe(3);
	});

	test('version 1 without resource and operation still lists the image models', async () => {
		const { items, error } = await run({}, 1);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual(imageModels);
	});

	test('version 2 without resource and operation generates images', async () => {
		const before = ref.svc.state.requests.length;
		const { items, error } = await run(
			{ prompt: 'A lighthouse at dawn', model: 'flux-pro', waitForCompletion: false },
			2,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			job_id: expect.any(String),
			estimated_credits: expect.any(Number),
		});
		const created = ref.svc.state.requests.slice(before).filter((r) => r.method === 'POST');
		expect(created.map((r) => r.path)).toEqual(['/v1/image']);
	});

	test('version 3 without resource and operation generates images, its model from the locator', async () => {
		const { items, error } = await run(
			{
				prompt: 'A lighthouse at dawn',
				model: { __rl: true, mode: 'list', value: 'flux-pro' },
				waitForCompletion: false,
			},
			3,
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			model: 'flux-pro',
			estimated_credits: expect.any(Number),
		});
	});
});
