'use strict';
/**
 * Workflows made of chains of steps from one manual trigger: the shape of the compatibility check's
 * workflows, and of the end-to-end tests that reuse its steps.
 */
const { NODE_TYPE } = require('../../harness/n8n-cli');

/** Our node's options in these workflows: a poll every half second, so that a job's end is seen at once. */
const OPTIONS = { pollIntervalSeconds: 0.5 };

/**
 * Our nodes among chains of steps (see chainsWorkflow), by name: steps that are neither n8n's
 * Wait nor another n8n node.
 */
function ourNodeNames(chains) {
	return chains
		.flatMap(([, ...steps]) => steps)
		.filter(([, step]) => step !== 'wait' && !step.n8n)
		.map(([name]) => name);
}

/**
 * A workflow of chains from a manual trigger named Start. Each chain is `[after, ...steps]` and
 * begins after the node named `after` (Start, or a node of an earlier chain); a step is
 * `[name, parameters]` for our node, `[name, 'wait']` for n8n's Wait node (two seconds: long
 * enough for the fake service's jobs to end) or `[name, { n8n: { type, typeVersion, parameters } }]`
 * for another of n8n's nodes. `settings` are the workflow's beyond execution order v1; `nodeSettings`
 * a node's own settings by name (for example `{ continueOnFail: true }`).
 */
function chainsWorkflow({ name, prefix, chains, credential, settings = {}, nodeSettings = {} }) {
	const nodes = [
		{
			parameters: {},
			id: `${prefix}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
		},
	];
	const connections = {};
	chains.forEach(([after, ...steps], row) => {
		let previous = after;
		steps.forEach(([node, step], column) => {
			const common = {
				id: `${prefix}-${node}`,
				name: node,
				position: [240 * (column + 1), 200 * row],
				...nodeSettings[node],
			};
			if (step === 'wait') {
				nodes.push({
					...common,
					parameters: { amount: 2, unit: 'seconds' },
					type: 'n8n-nodes-base.wait',
					typeVersion: 1.1,
					webhookId: `00000000-0000-4000-8000-${String(row).padStart(12, '0')}`,
				});
			} else if (step.n8n) {
				nodes.push({ ...common, ...step.n8n });
			} else {
				nodes.push({
					...common,
					parameters: step,
					type: NODE_TYPE,
					typeVersion: 1,
					credentials: { mediaGenerationApi: { id: credential.id, name: credential.name } },
				});
			}
			connections[previous] ??= { main: [[]] };
			connections[previous].main[0].push({ node, type: 'main', index: 0 });
			previous = node;
		});
	});
	return { name, nodes, connections, settings: { executionOrder: 'v1', ...settings } };
}

module.exports = { OPTIONS, chainsWorkflow, ourNodeNames };
