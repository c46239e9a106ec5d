'use strict';
const { useFakeService, api } = require('../support/fake');
const { DEFAULT_ACCOUNTS } = require('../../harness/fake-service/state');

const ref = useFakeService();
const plans = useFakeService({
	accounts: {
		...DEFAULT_ACCOUNTS,
		'key-plan-a': { user: 'erin', paid: true, credits: 1000, models: ['flux-pro', 'motion-fast'] },
		'key-plan-b': {
			user: 'frank',
			paid: true,
			credits: 1000,
			models: ['sketch-lite', 'cinema-pro'],
		},
	},
});

describe('fake service: keys and model listings', () => {
	test('a missing or unknown key gets 401, a workspace without a paid plan 403', async () => {
		expect((await api(ref.svc, 'GET', '/image/models', { key: null })).status).toBe(401);
		expect((await api(ref.svc, 'GET', '/image/models', { key: 'nope' })).status).toBe(401);
		expect((await api(ref.svc, 'GET', '/video/models', { key: 'test-key-unpaid' })).status).toBe(
			403,
		);
	});

	test('image models have every field of spec 2.8 and differ in capabilities', async () => {
		const { status, json } = await api(ref.svc, 'GET', '/image/models');
		expect(status).toBe(200);
		expect(json.models.length).toBeGreaterThanOrEqual(3);
		for (const m of json.models) {
			expect(Object.keys(m).sort()).toEqual([
				'aspect_ratios',
				'credits_by_resolution',
				'default_resolution',
				'description',
				'id',
				'max_reference_images',
				'resolutions',
				'supports_reference_images',
				'title',
			]);
			expect(m.resolutions).toContain(m.default_resolution);
		}
		expect(new Set(json.models.map((m) => m.resolutions.join())).size).toBeGreaterThanOrEqual(3);
		expect(json.models.some((m) => !m.supports_reference_images)).toBe(true);
		expect(new Set(json.models.map((m) => m.max_reference_images)).size).toBeGreaterThanOrEqual(3);
	});

	test('video models have every field of spec 2.9 and differ in capabilities', async () => {
		const { json } = await api(ref.svc, 'GET', '/video/models');
		expect(json.models.length).toBeGreaterThanOrEqual(3);
		for (const m of json.models) {
			for (const f of [
				'id',
				'title',
				'description',
				'modes',
				'resolutions',
				'default_resolution',
				'durations',
				'default_duration',
				'aspect_ratios',
				'supports_audio',
				'output_duration_follows_source',
			]) {
				expect(m).toHaveProperty(f);
			}
			for (const r of m.resolutions)
				expect(Object.keys(r).sort()).toEqual(['credits_per_second', 'label', 'resolution']);
			expect(m.durations).toContain(m.default_duration);
		}
		expect(json.models.filter((m) => m.output_duration_follows_source)).toHaveLength(1);
		expect(json.models.some((m) => m.max_reference_images === null)).toBe(true);
		expect(new Set(json.models.map((m) => m.modes.join())).size).toBe(json.models.length);
		expect(new Set(json.models.map((m) => m.durations.join())).size).toBeGreaterThanOrEqual(2);
		expect(json.models.some((m) => m.resolutions.some((r) => r.label !== r.resolution))).toBe(true);
	});

	test('an unknown path is 404', async () => {
		expect((await api(ref.svc, 'GET', '/nothing')).status).toBe(404);
	});

	test('a key whose account names its models sees only those, and can create only with those', async () => {
		const ids = async (key, kind) =>
			(await api(plans.svc, 'GET', `/${kind}/models`, { key })).json.models.map((m) => m.id);
		expect(await ids('key-plan-a', 'image')).toEqual(['flux-pro']);
		expect(await ids('key-plan-a', 'video')).toEqual(['motion-fast']);
		expect(await ids('key-plan-b', 'image')).toEqual(['sketch-lite']);
		expect(await ids('key-plan-b', 'video')).toEqual(['cinema-pro']);
		expect((await ids('test-key-alice', 'image')).length).toBeGreaterThan(1);
		const create = (key, model_id) =>
			api(plans.svc, 'POST', '/image', { key, body: { prompt: 'A fox', model_id } });
		expect((await create('key-plan-b', 'flux-pro')).status).toBe(400);
		expect((await create('key-plan-b', 'sketch-lite')).status).toBe(200);
	});
});
