'use strict';
/**
 * The workflows of the streaming checks: a video (Video > Generate, waiting for its end) and a
 * batch of ten images of which one fails (Image > Generate with Continue On Fail), each behind a
 * trigger: a Webhook (version 2.1, POST) in one of its response modes, or a Manual Trigger for
 * `n8n execute`. The media node is the same whatever the trigger; only Stream Progress changes.
 */
const crypto = require('node:crypto');
const { NODE_TYPE } = require('../../../harness/n8n-cli');
const { CREDENTIALS } = require('../../../harness/examples');

/** The prompt that fails on the fake service ("[fail]": the content filter flags it). */
const FAILING_PROMPT = 'A neon sign that reads OPEN [fail]';
const FAILING_ITEM = 6;
/** Ten prompts; the one at FAILING_ITEM fails. */
const PROMPTS = Array.from({ length: 10 }, (_, i) =>
	i === FAILING_ITEM ? FAILING_PROMPT : `A paper boat on a pond, take ${i + 1}`,
);

const MEDIA = {
	video: {
		name: 'Make Video',
		parameters: {
			resource: 'video',
			operation: 'generate',
			mode: 'text',
			prompt: 'A kite over the dunes at dawn',
			model: 'motion-fast',
			resolution: '480p',
			duration: 5,
		},
		settings: {},
	},
	images: {
		name: 'Make Images',
		parameters: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.prompt }}',
			model: 'sketch-lite',
			resolution: '480p',
		},
		settings: { onError: 'continueRegularOutput' },
	},
};

/**
 * The trigger: `{ path, responseMode }` makes a Webhook (2.1, POST) answering in that mode
 * ('streaming', 'lastNode' with every item, 'onReceived'); `{ manual: true }` a Manual Trigger.
 */
function trigger({ path, responseMode, manual }) {
	const common = { id: crypto.randomUUID(), position: [0, 0] };
	if (manual)
		return {
			...common,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			parameters: {},
		};
	const parameters = { httpMethod: 'POST', path, responseMode, options: {} };
	if (responseMode === 'lastNode') parameters.responseData = 'allEntries';
	return {
		...common,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		webhookId: crypto.randomUUID(),
		parameters,
	};
}

/** The ten prompts as items, from a Code node (the same for every trigger). */
function promptsNode() {
	return {
		id: crypto.randomUUID(),
		name: 'Prompts',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0],
		parameters: {
			jsCode: `return ${JSON.stringify(PROMPTS.map((prompt) => ({ json: { prompt } })))};`,
		},
	};
}

/**
 * A workflow: the trigger, (for `images`) the Prompts node, then the media node.
 * @param {'video'|'images'} what
 * @param {object} how the trigger (see trigger()) and `streamProgress`: true, false, or
 *   undefined to leave the option out (its default)
 * @param {object} [options]
 * @param {number} [options.pollIntervalSeconds] the media node's poll interval (default 1 s)
 * @param {{id: string, name: string}} [options.credential] the media credential (default: the
 *   one an import under CREDENTIALS.media makes)
 */
function streamingWorkflow(
	what,
	how,
	{ pollIntervalSeconds = 1, credential = CREDENTIALS.media } = {},
) {
	const media = MEDIA[what];
	const options = { pollIntervalSeconds };
	if (how.streamProgress !== undefined) options.streamProgress = how.streamProgress;
	const start = trigger(how);
	const chain = [start, ...(what === 'images' ? [promptsNode()] : [])];
	const mediaNode = {
		id: crypto.randomUUID(),
		name: media.name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [220 * chain.length, 0],
		parameters: { ...media.parameters, options },
		credentials: {
			mediaGenerationApi: { id: credential.id, name: credential.name },
		},
		...media.settings,
	};
	chain.push(mediaNode);
	const connections = {};
	for (let i = 0; i < chain.length - 1; i++)
		connections[chain[i].name] = { main: [[{ node: chain[i + 1].name, type: 'main', index: 0 }]] };
	const label = how.manual ? 'manual' : `${how.responseMode} ${how.path}`;
	const stream = how.streamProgress === false ? 'off' : 'on';
	return {
		name: `Streaming: ${what}, ${label}, Stream Progress ${stream}`,
		nodes: chain,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * A node's output items as text, with only what two runs of one workflow must differ in made
 * neutral: the ids the service and n8n make (numbered by first appearance, with their first eight
 * digits in file names), signed result links and their expiry, the workflow and execution in
 * binary ids, and file sizes (the fake's images vary with their job id: see filesServed). Two
 * runs that differ in anything else (a field, a value, an order) differ here.
 */
function comparable(items) {
	let text = JSON.stringify(items);
	[...new Set(text.match(UUID))].forEach((id, n) => {
		text = text.replaceAll(id, `<id ${n}>`).replaceAll(id.slice(0, 8), `<id ${n} start>`);
	});
	return text
		.replace(/\/files\/[^/"]+\//g, '/files/<signed>/')
		.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
		.replace(/workflows\/[^/"]+\/executions\/\d+\//g, 'workflows/<w>/executions/<n>/')
		.replace(/"fileSize":("[^"]*"|\d+)/g, '"fileSize":<size>')
		.replace(/"bytes":\d+/g, '"bytes":<bytes>');
}

/**
 * Whether every file in the items holds exactly the bytes the service served for its job.
 * @param {(binary: object) => Promise<Buffer> | Buffer} read a stored binary's bytes
 */
async function filesServed(svc, items, read) {
	for (const item of items.filter((i) => i.binary)) {
		const served = svc.links.file(svc.state.jobs.get(item.json.job_id), 0).body;
		if (!(await read(item.binary.data)).equals(served)) return false;
	}
	return true;
}

module.exports = {
	streamingWorkflow,
	comparable,
	filesServed,
	MEDIA,
	PROMPTS,
	FAILING_ITEM,
	FAILING_PROMPT,
};
