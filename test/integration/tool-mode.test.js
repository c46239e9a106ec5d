'use strict';
/**
 * As an AI agent's tool the node outputs links, not files: n8n gives an agent only the JSON of a
 * tool's output. The tool variant n8n makes of the node has the node's type with "Tool" appended.
 */
const { useFakeService } = require('../support/fake');
const path = require('node:path');
const { NodeHelpers } = require('n8n-workflow');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');

const { MediaGeneration } = require(
	path.resolve(__dirname, '../../dist/nodes/MediaGeneration/MediaGeneration.node.js'),
);

const ref = useFakeService({ timing: { queueMs: 0, imageMs: 1 } });
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });
const TOOL = 'n8n-nodes-media-generation.mediaGenerationTool';

async function run(parameters, { tool = true } = {}) {
	const node = mediaNode('Media', parameters, { typeVersion: 2, ...(tool ? { type: TOOL } : {}) });
	return nodeResult(await runWorkflow({ nodes: [node], credentials: creds() }), 'Media');
}

const GENERATE = {
	resource: 'image',
	operation: 'generate',
	prompt: 'A heron',
	model: 'flux-pro',
	resolution: '720p',
	options: { pollIntervalSeconds: 0.5 },
};
const fileFetches = () => ref.svc.state.fileRequests.length;

describe('as an AI agent tool', () => {
	test('Generate waits for the job and outputs its links, downloading nothing', async () => {
		const before = fileFetches();
		const { items, error } = await run(GENERATE);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			status: 'succeeded',
			url: expect.stringContaining('/files/'),
			url_expires_at: expect.any(String),
		});
		expect(items[0].binary).toBeUndefined();
		expect(fileFetches()).toBe(before);
	});

	test('Download Media turned on by hand still downloads', async () => {
		const { items } = await run({
			...GENERATE,
			options: { ...GENERATE.options, downloadMedia: true },
		});
		expect(items[0].binary.data.mimeType).toBe('image/png');
	});

	test('Download outputs fresh links, downloading nothing', async () => {
		const { items: made } = await run(GENERATE);
		const before = fileFetches();
		const { items, error } = await run({
			resource: 'image',
			operation: 'download',
			jobId: made[0].json.job_id,
		});
		expect(error).toBeUndefined();
		expect(items[0].json.url).toContain('/files/');
		expect(items[0].binary).toBeUndefined();
		expect(fileFetches()).toBe(before);
	});

	test('outside tool mode the same Generate outputs the file', async () => {
		const { items } = await run(GENERATE, { tool: false });
		expect(items[0].binary.data.mimeType).toBe('image/png');
	});
});

describe("the tool's description", () => {
	/** The node's parameters as n8n resolves them at run time (defaults filled in), for a variant. */
	function resolved(typeName, parameters) {
		const description = { ...new MediaGeneration().description, name: typeName };
		const node = { ...mediaNode('Media', parameters, { typeVersion: 2 }), type: typeName };
		node.parameters = NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		);
		return { node, nodeType: { description } };
	}

	const toldFor = (resource, operation) => {
		const { node, nodeType } = resolved('mediaGenerationTool', { resource, operation });
		return NodeHelpers.getToolDescriptionForNode(node, nodeType);
	};

	test('by default it tells the agent that it gets JSON with links, not files', () => {
		const told = toldFor('image', 'generate');
		expect(told).toMatch(/Returns JSON/);
		expect(told).toMatch(/url, valid 24 hours/);
		expect(told).toMatch(/files themselves are not returned/);
	});

	test('each kind of operation has its own default: creates, checks (Get and Check), downloads, uploads, listings', () => {
		const texts = {
			generate: toldFor('video', 'generate'),
			podcast: toldFor('podcast', 'generateConversationFromScript'),
			get: toldFor('video', 'get'),
			check: toldFor('video', 'check'),
			download: toldFor('video', 'download'),
			upload: toldFor('upload', 'uploadImage'),
			models: toldFor('model', 'listVideoModels'),
		};
		expect(texts.generate).toMatch(/^Makes a video/);
		expect(texts.generate).toMatch(/never call it again for the same request/);
		expect(texts.podcast).toMatch(/^Makes audio \(an MP3\)/);
		expect(texts.get).toMatch(/^Checks one of the video jobs started earlier: give its job_id/);
		expect(texts.check).toBe(texts.get);
		expect(texts.download).toMatch(/^Gives fresh links/);
		expect(texts.upload).toMatch(/image_id/);
		expect(texts.models).toMatch(/video models/);
		expect(new Set(Object.values(texts)).size).toBe(6);
	});

	test('a description the user wrote is used as written', () => {
		const { node, nodeType } = resolved('mediaGenerationTool', {
			resource: 'image',
			operation: 'generate',
			toolDescription: 'Draws a picture',
		});
		expect(NodeHelpers.getToolDescriptionForNode(node, nodeType)).toBe('Draws a picture');
	});

	test('the field is part of the tool variant only', () => {
		const { node } = resolved('mediaGeneration', { resource: 'image', operation: 'generate' });
		expect(node.parameters.toolDescription).toBeUndefined();
	});
});
