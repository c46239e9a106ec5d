'use strict';
/**
 * The model picker in runs: version 3 with its model From List or By ID, as an AI agent's tool,
 * and saved version 2 workflows, whose model is a plain dropdown value, run unchanged.
 */
const { useFakeService } = require('../support/fake');
const { runner, FAST } = require('../support/media');
const { loadOptions } = require('../support/load-options');
const { videoModels } = require('../../harness/fake-service/catalogue');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 100, videoMs: 100 } });
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const image = runner(ref, 'image');
const video = runner(ref, 'video');
const lastBody = (route) => ref.svc.state.requests.filter((r) => r.route === route).at(-1)?.body;
const rl = (mode, value) => ({ __rl: true, mode, value });

describe('the model picker', () => {
	test('version 3 runs with a model From List, By ID, and By ID from an expression', async () => {
		const v3 = { typeVersion: 3 };
		const a = await image(
			{ prompt: 'A lighthouse', model: rl('list', 'flux-pro'), waitForCompletion: false },
			{ extra: v3 },
		);
		expect(a.error).toBeUndefined();
		expect(a.items[0].json.model).toBe('flux-pro');
		expect(lastBody('POST /image').model_id).toBe('flux-pro');
		const b = await video(
			{
				mode: 'text',
				prompt: 'Waves',
				model: rl('id', '={{ $json.model }}'),
				duration: 5,
				options: FAST,
			},
			{ extra: v3, items: [{ json: { model: 'motion-fast' } }] },
		);
		expect(b.error).toBeUndefined();
		expect(b.items[0].json).toMatchObject({ status: 'succeeded', model: 'motion-fast' });
		expect(b.items[0].binary.data.mimeType).toBe('video/mp4');
	});

	test('version 3 with no model chosen: n8n itself stops the run; one the listing lacks: an error naming it', async () => {
		await expect(
			image({ prompt: 'A lighthouse', model: rl('list', '') }, { extra: { typeVersion: 3 } }),
		).rejects.toThrow(/Parameter "Model" is required/);
		const unknown = await image(
			{ prompt: 'A lighthouse', model: rl('id', 'flux-ultra') },
			{ extra: { typeVersion: 3 } },
		);
		expect(unknown.error.message).toMatch(/Model "flux-ultra" is not in the image model listing/);
		expect(unknown.error.message).toMatch(/flux-pro/);
	});

	test("version 3 as an AI agent's tool: the locator's model, links out", async () => {
		const { items, error } = await image(
			{ prompt: 'A heron', model: rl('list', 'sketch-lite'), options: FAST },
			{ extra: { typeVersion: 3, type: 'n8n-nodes-media-generation.mediaGenerationTool' } },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'succeeded', model: 'sketch-lite' });
		expect(items[0].binary).toBeUndefined();
	});

	test('a saved version 2 workflow (model as a dropdown value) runs unchanged', async () => {
		const { items, error } = await video(
			{ mode: 'text', prompt: 'Waves', model: 'motion-fast', duration: 5, options: FAST },
			{ extra: { typeVersion: 2 } },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'succeeded',
			model: 'motion-fast',
			estimated_credits: 10,
		});
		const options = await loadOptions('getVideoModels', { mode: 'frames' }, creds(), {
			typeVersion: 2,
		});
		expect(options.map((o) => o.value)).toEqual(
			videoModels.filter((m) => m.modes.includes('frames')).map((m) => m.id),
		);
	});
});
