'use strict';
/** The example workflows of examples/, and the credentials they name, for the real n8n runs. */
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '../examples');

/** The ids and names the examples give their credentials; an import under these ids fills them in. */
const CREDENTIALS = {
	media: { id: 'mediaGenCred0001', name: 'Media Generation account', type: 'mediaGenerationApi' },
	openAi: { id: 'openAiCred000001', name: 'OpenAI account', type: 'openAiApi' },
};

/** Every example, by file name without .json. */
function loadExamples() {
	const examples = {};
	for (const file of fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		examples[path.basename(file, '.json')] = JSON.parse(
			fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'),
		);
	}
	return examples;
}

/**
 * The credentials for an import: the media service, and an OpenAI-compatible chat endpoint
 * (the fake service's scripted one unless a real key is given).
 */
function credentialsFor({ apiKey, baseUrl, openAiKey, openAiUrl }) {
	// Left out, n8n would fill in the credential's default: the real service on the internet.
	if (!baseUrl) throw new Error('credentialsFor needs an explicit baseUrl');
	return [
		{ ...CREDENTIALS.media, data: { apiKey, baseUrl } },
		{ ...CREDENTIALS.openAi, data: { apiKey: openAiKey, url: openAiUrl } },
	];
}

/** The credentials for an import against the fake service: its API and its scripted chat model. */
function fakeServiceCredentials(svc, apiKey, openAiKey = 'sk-test') {
	const openAiUrl = svc.apiUrl.replace(/\/v1$/, '/openai/v1');
	return credentialsFor({ apiKey, baseUrl: svc.apiUrl, openAiKey, openAiUrl });
}

/** A copy of a workflow with one node's parameters changed. */
function withParameters(workflow, nodeName, change) {
	const copy = structuredClone(workflow);
	const node = copy.nodes.find((n) => n.name === nodeName);
	if (!node) throw new Error(`No node "${nodeName}" in "${workflow.name}"`);
	node.parameters =
		typeof change === 'function' ? change(node.parameters) : { ...node.parameters, ...change };
	return copy;
}

module.exports = {
	EXAMPLES_DIR,
	CREDENTIALS,
	loadExamples,
	credentialsFor,
	fakeServiceCredentials,
	withParameters,
};
