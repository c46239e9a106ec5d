'use strict';
/**
 * Version 3 picks the model with n8n's resource locator: From List (searched over id, title and
 * description; video models filtered by the chosen mode; names with the model's prices) or By ID.
 * Resolution, aspect ratio and duration load from the model chosen either way.
 */
const { useFakeService } = require('../support/fake');
const { loadOptions, listSearch } = require('../support/load-options');
const { nodeInstance } = require('../support/built-node');
const { imageModels, videoModels } = require('../../harness/fake-service/catalogue');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 100, videoMs: 100 } });
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const rl = (mode, value) => ({ __rl: true, mode, value });
const values = (result) => result.results.map((r) => r.value);
const property = (name, version) =>
	nodeInstance.description.properties.filter(
		(p) =>
			p.name === name &&
			(p.displayOptions?.show?.['@version'] ?? [{ _cnd: { gte: 1 } }]).some((c) =>
				typeof c === 'number'
					? c === version
					: version >= (c._cnd.gte ?? -Infinity) && version < (c._cnd.lt ?? Infinity),
			),
	);

describe('the model picker', () => {
	test('a new node is version 3; versions 1 and 2 are kept', () => {
		expect(nodeInstance.description.version).toEqual([1, 2, 3]);
		expect(nodeInstance.description.defaultVersion).toBe(3);
	});

	test('version 3: every model field is a resource locator, From List (searchable) or By ID', () => {
		const models = property('model', 3);
		expect(models).toHaveLength(2); // Image > Generate, Video > Generate
		for (const p of models) {
			expect(p.type).toBe('resourceLocator');
			expect(p.default).toEqual({ mode: 'list', value: '' });
			expect(p.modes.map((m) => [m.name, m.type])).toEqual([
				['list', 'list'],
				['id', 'string'],
			]);
			expect(p.modes[0].typeOptions).toMatchObject({ searchable: true });
		}
		const methods = models.map((p) => p.modes[0].typeOptions.searchListMethod).sort();
		expect(methods).toEqual(['searchImageModels', 'searchVideoModels']);
		for (const p of property('model', 2)) expect(p.type).toBe('options');
		// n8n's editor reloads a dependent list when the joined values of its dependencies change:
		// a locator's object never changes as text, its value does
		for (const name of ['resolution', 'aspectRatio', 'duration']) {
			for (const p of property(name, 3))
				expect(p.typeOptions.loadOptionsDependsOn).toEqual(['model', 'model.value']);
		}
	});

	test('From List: every image model, named with its prices, searched over id, title and description', async () => {
		const all = await listSearch('searchImageModels', {}, creds());
		expect(values(all)).toEqual(imageModels.map((m) => m.id));
		expect(all.results.find((r) => r.value === 'flux-pro')).toMatchObject({
			name: 'Flux Pro (4 to 10 credits per image)',
			description: imageModels.find((m) => m.id === 'flux-pro').description,
		});
		expect(all.results.find((r) => r.value === 'enterprise-ultra').name).toBe(
			'Enterprise Ultra (30 credits per image)',
		);
		expect(values(await listSearch('searchImageModels', {}, creds(), 'studio-4'))).toEqual([
			'studio-4k',
		]);
		expect(values(await listSearch('searchImageModels', {}, creds(), 'SKETCH'))).toEqual([
			'sketch-lite',
		]);
		const word = imageModels[0].description.split(/\W+/).find((w) => w.length > 6);
		expect(values(await listSearch('searchImageModels', {}, creds(), word))).toContain(
			imageModels[0].id,
		);
		expect(values(await listSearch('searchImageModels', {}, creds(), 'no such model'))).toEqual([]);
	});

	test('From List: video models follow the chosen mode, and search within it', async () => {
		const inMode = (mode) => videoModels.filter((m) => m.modes.includes(mode)).map((m) => m.id);
		for (const mode of ['text', 'references', 'video_to_video']) {
			expect(values(await listSearch('searchVideoModels', { mode }, creds()))).toEqual(
				inMode(mode),
			);
		}
		const cinema = (await listSearch('searchVideoModels', { mode: 'text' }, creds(), 'cinematic'))
			.results;
		expect(cinema).toEqual([
			expect.objectContaining({
				value: 'cinema-pro',
				name: 'Cinema Pro (2 to 12 credits per second)',
			}),
		]);
		expect(
			values(await listSearch('searchVideoModels', { mode: 'text' }, creds(), 'restyle')),
		).toEqual([]);
	});

	test('resolution, aspect ratio and duration load from the model chosen either way', async () => {
		const cinema = videoModels.find((m) => m.id === 'cinema-pro');
		for (const model of [rl('list', 'cinema-pro'), rl('id', 'cinema-pro'), 'cinema-pro']) {
			const typeVersion = typeof model === 'string' ? 2 : 3;
			const resolutions = await loadOptions('getVideoResolutions', { model }, creds(), {
				typeVersion,
			});
			expect(resolutions.map((o) => o.value)).toEqual([
				'',
				...cinema.resolutions.map((r) => r.resolution),
			]);
			const durations = await loadOptions('getVideoDurations', { model }, creds(), { typeVersion });
			expect(durations.map((o) => o.value)).toEqual(['', ...cinema.durations]);
			const ratios = await loadOptions('getVideoAspectRatios', { model }, creds(), { typeVersion });
			expect(ratios.map((o) => o.value)).toEqual(['', ...cinema.aspect_ratios]);
		}
		const studio = imageModels.find((m) => m.id === 'studio-4k');
		const images = await loadOptions(
			'getImageResolutions',
			{ model: rl('id', 'studio-4k') },
			creds(),
			{
				typeVersion: 3,
			},
		);
		expect(images.map((o) => o.value)).toEqual(['', ...studio.resolutions]);
		// no model yet, or an expression: only the model's default
		for (const model of [rl('list', ''), rl('id', '={{ $json.model }}')]) {
			const none = await loadOptions('getVideoResolutions', { model }, creds(), { typeVersion: 3 });
			expect(none.map((o) => o.value)).toEqual(['']);
		}
	});
});
