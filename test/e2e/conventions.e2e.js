'use strict';
/**
 * What an n8n user expects of a media node, in the real n8n (run by `npm run test:e2e`, and in
 * each release of the matrix by `npm run test:compat`): the model picked with the resource
 * locator (version 3) from the list and by ID, references given by link, Additional Body Fields,
 * the cost of audio up front with Max Credits, the execution hints after the run, a saved
 * version 2 node next to them, and a link that fails named before any job exists.
 */
const { createHash } = require('node:crypto');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { nodeItems, runData, runError } = require('../../harness/n8n-cli');
const { API_KEY, compatService, compatInstance } = require('../compat/instance');
const { CREDENTIALS } = require('../../harness/examples');

const NODE_TYPE = 'n8n-nodes-media-generation.mediaGeneration';
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

let svc;
let n8n;
const ids = {};

function node(name, typeVersion, parameters, x) {
	return {
		id: `c0000000-0000-4000-8000-00000000000${x}`,
		name,
		type: NODE_TYPE,
		typeVersion,
		position: [200 * x, 0],
		parameters,
		credentials: { mediaGenerationApi: { id: CREDENTIALS.media.id, name: CREDENTIALS.media.name } },
	};
}

/** A chain of nodes after a manual trigger. */
function workflow(name, nodes) {
	const trigger = {
		id: 'c0000000-0000-4000-8000-000000000000',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const chain = [trigger, ...nodes];
	const connections = {};
	for (let i = 0; i + 1 < chain.length; i++)
		connections[chain[i].name] = { main: [[{ node: chain[i + 1].name, type: 'main', index: 0 }]] };
	return { name, nodes: chain, connections, settings: { executionOrder: 'v1' } };
}

const conventions = () =>
	workflow('User conventions', [
		node(
			'Image',
			3,
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'The skyline of @Image 1 at night',
				model: { __rl: true, mode: 'list', value: 'flux-pro' },
				resolution: '720p',
				referenceImageUrls: svc.hostedUrl('frame.png'),
				options: { additionalBodyFields: '{"seed": 7}', pollIntervalSeconds: 0.5 },
			},
			1,
		),
		node(
			'Video',
			3,
			{
				resource: 'video',
				operation: 'generate',
				mode: 'frames',
				prompt: 'From @Image 1 to @Image 2',
				model: { __rl: true, mode: 'id', value: 'motion-fast' },
				resolution: '720p',
				duration: 5,
				startFrameUrl: svc.hostedUrl('frame.png'),
				endFrameUrl: svc.hostedUrl('end.png'),
				waitForCompletion: false,
			},
			2,
		),
		node(
			'Podcast',
			3,
			{
				resource: 'podcast',
				operation: 'generateFromScript',
				segments: { segment: [{ voiceId: 'voice-ava', text: words(300) }] },
				waitForCompletion: false,
				options: { maxCredits: 25 },
			},
			3,
		),
		node(
			'Saved V2',
			2,
			{ prompt: 'A lighthouse', model: 'sketch-lite', waitForCompletion: false },
			4,
		),
	]);

const badLink = () =>
	workflow('A reference link that fails', [
		node(
			'Image',
			3,
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'Like @Image 1',
				model: { __rl: true, mode: 'list', value: 'flux-pro' },
				referenceImageUrls: svc.hostedUrl('page.png'),
			},
			1,
		),
	]);

beforeAll(async () => {
	svc = await compatService();
	let id;
	({ n8n, id } = await compatInstance(svc, conventions));
	ids.conventions = id;
	[ids.badLink] = await n8n.importWorkflows([badLink()]);
});

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

const lastBody = (route) => svc.state.requests.filter((r) => r.route === route).at(-1)?.body;
const hintsOf = (data, name) => (runData(data)[name]?.[0]?.hints ?? []).map((h) => h.message);

describe('user conventions in the real n8n', () => {
	test('locator models, links, extra body fields, audio cost, hints, and a saved version 2 node', async () => {
		const { code, data, stdout, stderr } = await n8n.execute(ids.conventions);
		expect(stdout).not.toContain(API_KEY);
		expect(stderr).not.toContain(API_KEY);
		expect(runError(data)).toBeUndefined();
		expect(code).toBe(0);

		// Image: the model from the list, the reference fetched from its link, the extra field sent
		const [image] = nodeItems(data, 'Image');
		expect(image.json).toMatchObject({ status: 'succeeded', model: 'flux-pro' });
		expect(sniffImage(n8n.fileBytes(image.binary.data))).toMatchObject({
			type: 'png',
		});
		const imageBody = svc.state.requests.find(
			(r) => r.route === 'POST /image' && r.body.seed === 7,
		).body;
		expect(imageBody).toMatchObject({ model_id: 'flux-pro', seed: 7 });
		const frame = svc.hosted.get('frame.png').body;
		expect(svc.state.images.get(imageBody.reference_image_ids[0]).sha256).toBe(sha256(frame));
		expect(hintsOf(data, 'Image')).toEqual(['The job of this run is estimated at 4 credits.']);

		// Video: the model by ID, both frames from links, not waited for
		const [video] = nodeItems(data, 'Video');
		expect(video.json).toMatchObject({ model: 'motion-fast', estimated_credits: 10 });
		const videoBody = lastBody('POST /video');
		expect(svc.state.images.get(videoBody.end_frame_image_id).sha256).toBe(
			sha256(svc.hosted.get('end.png').body),
		);
		expect(hintsOf(data, 'Video')).toEqual([
			expect.stringMatching(
				/^1 video job was started and not waited for.*Video > Check.*Video > Download/,
			),
			'The job of this run is estimated at 10 credits.',
		]);

		// Podcast: 300 words, about 2 minutes, 20 credits, under Max Credits
		const [podcast] = nodeItems(data, 'Podcast');
		expect(podcast.json).toMatchObject({ job_id: expect.any(String), estimated_credits: 20 });
		expect(hintsOf(data, 'Podcast')[1]).toBe('The job of this run is estimated at 20 credits.');

		// a saved version 2 node, its model a dropdown value, runs as it did
		const [saved] = nodeItems(data, 'Saved V2');
		expect(saved.json).toMatchObject({
			model: 'sketch-lite',
			estimated_credits: expect.any(Number),
		});

		// no file host ever got the key
		for (const r of svc.hosted.requests) expect(JSON.stringify(r.headers)).not.toContain(API_KEY);
	});

	test('a reference link that serves a page: the run fails naming the link; no job is created', async () => {
		const creates = svc.state.requests.filter((r) => r.route === 'POST /image').length;
		const { code, data } = await n8n.execute(ids.badLink);
		expect(code).not.toBe(0);
		const error = runError(data);
		expect(error.message).toContain(`Reference Image URLs: ${svc.hostedUrl('page.png')}`);
		expect(error.message).toMatch(/an HTML page/);
		expect(svc.state.requests.filter((r) => r.route === 'POST /image').length).toBe(creates);
	});
});
