'use strict';
/**
 * The workflows of the durable suite. Each starts with a production webhook that answers at
 * once, splits the request's `items` into one item per entry (n8n's Split Out node), and
 * creates a job per item. The durable ones then follow the README's loop:
 *
 *   Generate (Wait for Completion off) -> Check -> Done -> Finished
 *                                          ^  `-> Running -> Wait (65 s or more) -.
 *                                          `---------------------------------------'
 *
 * Finished is a Set node that names the Items entry each output item descends from (through
 * n8n's paired items, across every round of the loop) and keeps the files.
 */
const crypto = require('node:crypto');
const { NODE_TYPE } = require('../../harness/n8n-cli');
const { loadExamples } = require('../../harness/examples');
const { node } = require('../queue/workflows');

function media(name, credential, parameters) {
	return node(name, NODE_TYPE, parameters, {
		typeVersion: 2,
		credentials: { mediaGenerationApi: credential },
	});
}

const link = (to, index = 0) => ({ node: to, type: 'main', index });

function trigger(path) {
	return [
		node(
			'Webhook',
			'n8n-nodes-base.webhook',
			{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			{ typeVersion: 2, webhookId: crypto.randomUUID() },
		),
		node('Items', 'n8n-nodes-base.splitOut', { fieldToSplitOut: 'body.items', options: {} }),
	];
}

/** The create of one job per item, from the entry's prompt. */
const GENERATE = {
	image: {
		resource: 'image',
		operation: 'generate',
		prompt: '={{ $json.prompt }}',
		model: 'flux-pro',
		resolution: '720p',
	},
	podcast: {
		resource: 'podcast',
		operation: 'generateFromPrompt',
		prompt: '={{ $json.prompt }}',
	},
	video: {
		resource: 'video',
		operation: 'generate',
		mode: 'text',
		prompt: '={{ $json.prompt }}',
		model: 'motion-fast',
		resolution: '480p',
		duration: 5,
	},
};

/**
 * The durable loop for `kind` jobs.
 * @param {object} o
 * @param {string} o.path the webhook's path
 * @param {{id: string, name: string}} o.credential
 * @param {'podcast'|'video'} o.kind
 * @param {number} [o.waitSeconds] the Wait node's time (65 s or more: n8n saves the execution)
 */
function durableLoop({ path, credential, kind, waitSeconds = 65 }) {
	return loopWith({ path, credential, kind, waitSeconds, entry: 'Items' });
}

/** The Set node after Done: which entry of `entry` (a node name) each item descends from. */
function finished(entry) {
	return node(
		'Finished',
		'n8n-nodes-base.set',
		{
			mode: 'manual',
			includeOtherFields: true,
			assignments: {
				assignments: [
					{
						id: crypto.randomUUID(),
						name: 'source_n',
						type: 'number',
						value: `={{ $('${entry}').item.json.n }}`,
					},
				],
			},
			options: {},
		},
		{ typeVersion: 3.4 },
	);
}

function loopWith({ path, credential, kind, waitSeconds }) {
	const nodes = [
		...trigger(path),
		media('Generate', credential, { ...GENERATE[kind], waitForCompletion: false }),
		media('Check', credential, { resource: kind, operation: 'check', options: {} }),
		node(
			'Wait',
			'n8n-nodes-base.wait',
			{ resume: 'timeInterval', amount: waitSeconds, unit: 'seconds' },
			{ typeVersion: 1.1, webhookId: crypto.randomUUID() },
		),
		finished('Items'),
	];
	nodes.forEach((n, i) => (n.position = [i * 220, 0]));
	return {
		name: `Durable suite: ${kind} loop (${path})`,
		nodes,
		connections: {
			Webhook: { main: [[link('Items')]] },
			Items: { main: [[link('Generate')]] },
			Generate: { main: [[link('Check')]] },
			Check: { main: [[link('Finished')], [link('Wait')]] },
			Wait: { main: [[link('Check')]] },
		},
	};
}

/** The same jobs waited for inside the node (Wait for Completion on), for comparison. */
function inNodeWait({ path, credential, kind }) {
	const nodes = [...trigger(path), media('Generate', credential, { ...GENERATE[kind] })];
	nodes.forEach((n, i) => (n.position = [i * 220, 0]));
	return {
		name: `Durable suite: ${kind} waited in the node (${path})`,
		nodes,
		connections: { Webhook: { main: [[link('Items')]] }, Items: { main: [[link('Generate')]] } },
	};
}

/** No job at all: n8n's own Wait node for `seconds` (under 65 s it keeps the execution in memory). */
function waitOnly({ path, seconds }) {
	const nodes = [
		...trigger(path),
		node(
			'Wait',
			'n8n-nodes-base.wait',
			{ resume: 'timeInterval', amount: seconds, unit: 'seconds' },
			{ typeVersion: 1.1, webhookId: crypto.randomUUID() },
		),
	];
	nodes.forEach((n, i) => (n.position = [i * 220, 0]));
	return {
		name: `Durable suite: n8n's Wait of ${seconds} s (${path})`,
		nodes,
		connections: { Webhook: { main: [[link('Items')]] }, Items: { main: [[link('Wait')]] } },
	};
}

/**
 * The example examples/long-podcasts-durable-wait.json as it is, but started by a production
 * webhook: its manual trigger and Code node give way to the webhook and a Split Out node of the
 * same name (Episodes), its Wait is shortened to 65 s (the least that n8n saves to its database),
 * and Finished follows Podcast Ready.
 */
function exampleLoop({ path, credential }) {
	const example = structuredClone(loadExamples()['long-podcasts-durable-wait']);
	const [webhook, split] = trigger(path);
	split.name = 'Episodes';
	const kept = example.nodes.filter(
		(n) =>
			n.type !== 'n8n-nodes-base.manualTrigger' &&
			n.type !== 'n8n-nodes-base.stickyNote' &&
			n.name !== 'Episodes',
	);
	for (const n of kept) {
		if (n.type === NODE_TYPE) n.credentials = { mediaGenerationApi: credential };
		if (n.type === 'n8n-nodes-base.wait')
			Object.assign(n.parameters, { amount: 65, unit: 'seconds' });
	}
	const connections = structuredClone(example.connections);
	const start = connections["When clicking 'Execute workflow'"].main[0][0].node;
	delete connections["When clicking 'Execute workflow'"];
	if (start !== 'Episodes') throw new Error(`The example starts with ${start}, not Episodes`);
	connections.Webhook = { main: [[link('Episodes')]] };
	connections['Podcast Ready'] = { main: [[link('Finished')]] };
	return {
		name: `Durable suite: the example (${path})`,
		nodes: [webhook, split, ...kept, finished('Episodes')],
		connections,
	};
}

module.exports = { durableLoop, inNodeWait, exampleLoop, waitOnly };
