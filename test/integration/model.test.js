'use strict';
const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { loadOptions } = require('../support/load-options');
const { mediaNode } = require('../support/built-node');
const { imageModels, videoModels } = require('../../harness/fake-service/catalogue');

const ref = useFakeService();
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: `${ref.svc.apiUrl}/` });

async function run(parameters, items) {
	const result = await runWorkflow({
		nodes: [mediaNode('Media', parameters)],
		items,
		credentials: creds(),
	});
	return nodeResult(result, 'Media');
}

describe('Model resource', () => {
	test('List Image Models: one item per model with every field of the listing', async () => {
		const { items, error } = await run({ resource: 'model', operation: 'listImageModels' });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual(imageModels);
		expect(items.every((i) => i.pairedItem.item === 0)).toBe(true);
	});

	test('List Video Models: every field, optionally only the models of one mode', async () => {
		const all = await run({ resource: 'model', operation: 'listVideoModels' });
		expect(all.items.map((i) => i.json)).toEqual(videoModels);
		const v2v = await run({
			resource: 'model',
			operation: 'listVideoModels',
			modeFilter: 'video_to_video',
		});
		expect(v2v.items.map((i) => i.json.id)).toEqual(['restyle-v2v']);
	});

	test('each input item gets its own listing, paired to it; the listing is fetched once per run', async () => {
		const before = ref.svc.state.requests.length;
		const { items } = await run({ resource: 'model', operation: 'listImageModels' }, [
			{ json: { a: 1 } },
			{ json: { a: 2 } },
		]);
		expect(items).toHaveLength(imageModels.length * 2);
		expect(items.map((i) => i.pairedItem.item)).toEqual([
			...imageModels.map(() => 0),
			...imageModels.map(() => 1),
		]);
		expect(ref.svc.state.requests.length - before).toBe(1);
	});
});

describe('model-aware dropdowns (loadOptions)', () => {
	test("image models, then the chosen model's resolutions (with credits and default) and aspect ratios", async () => {
		const models = await loadOptions('getImageModels', {}, creds());
		expect(models.map((m) => m.value)).toEqual(imageModels.map((m) => m.id));
		const res = await loadOptions('getImageResolutions', { model: 'sketch-lite' }, creds());
		expect(res).toEqual([
			{ name: "Model's Default", value: '', description: 'The one marked (default) below' },
			{ name: '480p', value: '480p', description: '1 credit per image' },
			{ name: '720p (default)', value: '720p', description: '2 credits per image' },
		]);
		expect(
			(await loadOptions('getImageAspectRatios', { model: 'studio-4k' }, creds())).map(
				(o) => o.value,
			),
		).toEqual(['', '16:9', '1:1']);
		// before a model is chosen the field's empty default is still a listed choice, so n8n's
		// editor does not mark it as an unsupported value
		for (const method of ['getImageResolutions', 'getImageAspectRatios']) {
			expect(await loadOptions(method, { model: '' }, creds())).toEqual([
				{ name: "Model's Default", value: '', description: 'Choose a model to list its values' },
			]);
		}
	});

	test('video models filtered by mode; resolutions show the rendered label; durations follow the model', async () => {
		const refs = await loadOptions('getVideoModels', { mode: 'references' }, creds());
		expect(refs.map((m) => m.value)).toEqual(['cinema-pro', 'restyle-v2v']);
		// the modes read as the Mode field labels them, not as the service's raw values
		expect(refs[0].description).toMatch(/Modes: Text, Image, Frames, References\. With audio\.$/);
		const res = await loadOptions('getVideoResolutions', { model: 'motion-fast' }, creds());
		expect(res[0]).toMatchObject({ name: "Model's Default", value: '' });
		expect(res[1]).toEqual({
			name: '480p (renders 360p)',
			value: '480p',
			description: '1 credit per second',
		});
		expect(res[2].name).toBe('720p (default)');
		const durations = await loadOptions('getVideoDurations', { model: 'cinema-pro' }, creds());
		expect(durations.map((d) => d.value)).toEqual(['', 5, 8, 10, 15]);
		expect(durations[2].name).toBe('8 s (default)');
		expect(
			(await loadOptions('getVideoAspectRatios', { model: 'cinema-pro' }, creds())).map(
				(o) => o.value,
			),
		).toEqual(['', '16:9', '9:16']);
		for (const method of ['getVideoResolutions', 'getVideoAspectRatios', 'getVideoDurations']) {
			expect((await loadOptions(method, { model: '' }, creds())).map((o) => o.value)).toEqual(['']);
		}
	});

	test('a refused key fails the dropdown with a clear message', async () => {
		await expect(
			loadOptions('getImageModels', {}, { ...creds(), apiKey: 'wrong-key-123' }),
		).rejects.toThrow(/API key was refused/);
	});
});
