'use strict';
/**
 * Builds the workflows the fault suite runs in the real n8n: one Code node that makes the items,
 * then Media Generation nodes for every job kind (image, video and the four audio intents), each
 * with its own credential when needed. Every item carries a marker in its prompt or script, so
 * that the fake service can give each item its own fault and count its creates by request body.
 */
const { NODE_TYPE, newId } = require('../../harness/n8n-cli');

/** The six kinds of job the node creates, with the create route and the parameters that make one. */
const KINDS = {
	image: {
		route: 'POST /image',
		params: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.p }}',
			model: 'flux-pro',
			resolution: '720p',
		},
	},
	video: {
		route: 'POST /video',
		params: {
			resource: 'video',
			operation: 'generate',
			mode: 'text',
			prompt: '={{ $json.p }}',
			model: 'motion-fast',
			resolution: '480p',
			aspectRatio: '16:9',
			duration: 5,
		},
	},
	prompt: {
		route: 'POST /podcast',
		params: {
			resource: 'podcast',
			operation: 'generateFromPrompt',
			prompt: '={{ $json.p }}',
			voiceIds: 'voice-cleo',
		},
	},
	script: {
		route: 'POST /podcast/scripted',
		params: {
			resource: 'podcast',
			operation: 'generateFromScript',
			scriptSource: 'json',
			scriptJson: "={{ [{ text: $json.p, voice_id: 'voice-ava' }] }}",
		},
	},
	convoPrompt: {
		route: 'POST /podcast/convo-mode/ai-scripted',
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromPrompt',
			prompt: '={{ $json.p }}',
			voiceIds: 'voice-ava, voice-ben',
		},
	},
	convoScript: {
		route: 'POST /podcast/convo-mode/user-scripted',
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromScript',
			scriptSource: 'json',
			scriptJson:
				"={{ [{ text: $json.p, voice_id: 'voice-ava' }, { text: 'Indeed.', voice_id: 'voice-ben' }] }}",
		},
	},
};
const AUDIO_KINDS = ['prompt', 'script', 'convoPrompt', 'convoScript'];

/** A credential for the import: [{id, name, type, data}]. */
function credential(id, apiKey, baseUrl) {
	return { id, name: `Media ${id}`, type: 'mediaGenerationApi', data: { apiKey, baseUrl } };
}

/** A Media Generation node of a kind; errors become output items unless `onError` says otherwise. */
function mediaNode(
	name,
	kind,
	{ credentialId, options = {}, onError = 'continueRegularOutput', params = {} } = {},
) {
	return {
		id: crypto.randomUUID(),
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			...KINDS[kind].params,
			...params,
			options: { pollIntervalSeconds: 0.5, ...options },
		},
		...(onError ? { onError } : {}),
		credentials: { mediaGenerationApi: { id: credentialId, name: `Media ${credentialId}` } },
	};
}

/** A Code node that outputs the given JSON items. */
function itemsNode(name, items) {
	return {
		id: crypto.randomUUID(),
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [0, 0],
		parameters: { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` },
	};
}

function manualTrigger() {
	return {
		id: crypto.randomUUID(),
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/**
 * A workflow: a trigger (manual unless given), then `chain` (nodes one after another), whose
 * last node feeds every node of `branches`. n8n runs the branches one after the other, in the order of their
 * position from top to bottom.
 */
function workflow(name, chain, branches = [], trigger = manualTrigger()) {
	const line = [trigger, ...chain];
	line.forEach((n, i) => (n.position = [220 * i, 0]));
	branches.forEach((n, i) => (n.position = [220 * line.length, 200 * i]));
	const connections = {};
	const link = (from, to) =>
		(connections[from.name] ??= { main: [[]] }).main[0].push({
			node: to.name,
			type: 'main',
			index: 0,
		});
	line.slice(1).forEach((n, i) => link(line[i], n));
	for (const b of branches) link(line[line.length - 1], b);
	return {
		id: newId(),
		name,
		nodes: [...line, ...branches],
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

module.exports = { KINDS, AUDIO_KINDS, credential, mediaNode, itemsNode, workflow };
