'use strict';
/**
 * Workflows with Retry On Fail at 3 tries on the node (n8n's node settings), three image prompts
 * from a Code node. A prompt with "[fail]" makes a job that fails on the service every time.
 */
const TRIES = { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 };

function retryWorkflow(name, prompts, { continueOnFail = false } = {}) {
	const items = JSON.stringify(prompts.map((prompt) => ({ json: { prompt } })));
	return {
		name,
		nodes: [
			{
				parameters: {},
				id: 'b7c1e2d3-0030-4a5b-9c6d-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
			},
			{
				parameters: { jsCode: `return ${items};` },
				id: 'b7c1e2d3-0030-4a5b-9c6d-000000000002',
				name: 'Prompts',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
			},
			{
				parameters: {
					resource: 'image',
					operation: 'generate',
					prompt: '={{ $json.prompt }}',
					model: 'sketch-lite',
					options: { pollIntervalSeconds: 0.5 },
				},
				id: 'b7c1e2d3-0030-4a5b-9c6d-000000000003',
				name: 'Images',
				type: 'n8n-nodes-media-generation.mediaGeneration',
				typeVersion: 1,
				position: [440, 0],
				...TRIES,
				...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
				credentials: {
					mediaGenerationApi: { id: 'mediaGenCred0001', name: 'Media Generation account' },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Prompts', type: 'main', index: 0 }]] },
			Prompts: { main: [[{ node: 'Images', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** Retry On Fail's two triggers: the node throws, or its first output item is an error item. */
const RETRY_PROMPTS = {
	throws: ['Retry: a red fox', 'Retry: a blue whale [fail]', 'Retry: a green parrot'],
	firstItemError: ['Retry first: an owl [fail]', 'Retry first: a lynx', 'Retry first: a heron'],
};

module.exports = {
	retryOnFail: retryWorkflow('E2E: Retry On Fail, one job of three failing', RETRY_PROMPTS.throws),
	retryOnFailContinue: retryWorkflow(
		'E2E: Retry On Fail with Continue On Fail, the first job failing',
		RETRY_PROMPTS.firstItemError,
		{ continueOnFail: true },
	),
	RETRY_PROMPTS,
};
