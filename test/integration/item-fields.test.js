'use strict';
/**
 * Fields set to `{{ $json.field }}` are read from the incoming item itself (actions/itemField.ts),
 * not through n8n's expression engine: the request bodies must be what n8n's own evaluation gives,
 * item by item, and anything else must still reach n8n.
 */
const { Expression } = require('n8n-workflow');
const { useFakeService } = require('../support/fake');
const { runner } = require('../support/media');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 100, videoMs: 100, audioMs: 100 } });
const image = runner(ref, 'image');
const video = runner(ref, 'video');
const bodies = (route, since) =>
	ref.svc.state.requests
		.slice(since)
		.filter((r) => r.route === route)
		.map((r) => r.body);
const noWait = { waitForCompletion: false };

const items = [
	{ json: { p: 'A red fox', m: 'flux-pro', r: '720p', a: '16:9', n: 2 } },
	{ json: { p: 'A blue bird', m: 'sketch-lite', r: '480p', a: '1:1', n: 1, deep: { x: 'y' } } },
	{ json: { p: 'Night sky', m: 'flux-pro', r: '1080p', a: '9:16', n: '3', 'a b': 'spaced' } },
];

/** Image > Generate for the items, and the create bodies it sent, in item order. */
async function createBodies(fields) {
	const since = ref.svc.state.requests.length;
	const { items: out, error } = await image({ ...fields, ...noWait }, { items });
	expect(error).toBeUndefined();
	expect(out.map((o) => o.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
	return bodies('POST /image', since).sort(
		(x, y) =>
			items.findIndex((i) => i.json.p === x.prompt) - items.findIndex((i) => i.json.p === y.prompt),
	);
}

describe('fields from the incoming item', () => {
	let resolve;
	beforeEach(() => (resolve = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue')));
	afterEach(() => resolve.mockRestore());
	const resolvedByN8n = () => resolve.mock.calls.map((call) => call[0]);

	test('give, item by item, the bodies n8n’s own expressions give', async () => {
		const quick = await createBodies({
			prompt: '={{ $json.p }}',
			model: '={{ $json.m }}',
			resolution: '={{ $json["r"] }}',
			aspectRatio: "={{ $json['a'] }}",
			numberOfImages: '={{ $json.n }}',
		});
		// none of these went through n8n's expression engine
		expect(resolvedByN8n()).toEqual([]);
		// the same values, evaluated by n8n (a template around the field is n8n's to evaluate)
		const byN8n = await createBodies({
			prompt: '={{ $json.p }}{{ "" }}',
			model: '={{ $json.m || "" }}',
			resolution: '={{ $json.r || "" }}',
			aspectRatio: '={{ $json.a || "" }}',
			numberOfImages: '={{ $json.n || 1 }}',
		});
		expect(resolvedByN8n()).toHaveLength(5 * items.length);
		expect(quick).toEqual(byN8n);
		expect(quick.map((b) => [b.prompt, b.model_id, b.number_of_images])).toEqual([
			['A red fox', 'flux-pro', 2],
			['A blue bird', 'sketch-lite', 1],
			['Night sky', 'flux-pro', 3],
		]);
	});

	test('the model’s resource locator (version 3), By ID or From List, reads the field too', async () => {
		const since = ref.svc.state.requests.length;
		const { error } = await image(
			{
				prompt: '={{ $json.p }}',
				model: { __rl: true, mode: 'id', value: '={{ $json.m }}' },
				...noWait,
			},
			{ items, extra: { typeVersion: 3 } },
		);
		expect(error).toBeUndefined();
		expect(resolvedByN8n()).toEqual([]);
		expect(
			bodies('POST /image', since)
				.map((b) => b.model_id)
				.sort(),
		).toEqual(['flux-pro', 'flux-pro', 'sketch-lite'].sort());
	});

	test('anything but a string, number or boolean is n8n’s to give, and is checked as before', async () => {
		const since = ref.svc.state.requests.length;
		const { items: out } = await image(
			{ prompt: '={{ $json.deep }}', model: 'flux-pro', ...noWait },
			{ items: [items[1]], extra: { continueOnFail: true } },
		);
		expect(resolvedByN8n()).toContain('={{ $json.deep }}');
		expect(out[0].json.error).toMatch(/Prompt/);
		expect(bodies('POST /image', since)).toEqual([]);
	});

	test('a missing field goes to n8n, which gives what it always gave', async () => {
		const { items: out } = await image(
			{ prompt: '={{ $json.nothing }}', model: 'flux-pro', ...noWait },
			{ items: [items[0]], extra: { continueOnFail: true } },
		);
		expect(resolvedByN8n()).toContain('={{ $json.nothing }}');
		expect(out[0].json.error).toMatch(/Prompt/);
	});

	test('Video > Generate reads its mode and duration the same way', async () => {
		const since = ref.svc.state.requests.length;
		const { error } = await video(
			{
				mode: '={{ $json.mode }}',
				prompt: '={{ $json.p }}',
				model: 'motion-fast',
				duration: '={{ $json.d }}',
				...noWait,
			},
			{ items: [{ json: { mode: 'text', p: 'Waves', d: 5 } }] },
		);
		expect(error).toBeUndefined();
		expect(resolvedByN8n()).toEqual([]);
		expect(bodies('POST /video', since)).toEqual([
			expect.objectContaining({ prompt: 'Waves', model_id: 'motion-fast', duration: 5 }),
		]);
	});
});
