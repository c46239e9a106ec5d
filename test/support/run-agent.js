'use strict';
/** Runs our tool nodes as the tools of a stand-in for n8n's AI Agent. */
const { runWorkflow } = require('./run-workflow');
const { nodeTypesWith } = require('./built-node');

/** A stand-in for n8n's AI Agent: it builds its connected tools as n8n does and hands them to a script. */
const AGENT_TYPE = 'test.agent';
function agentType(script) {
	return {
		description: {
			name: 'agent',
			displayName: 'Agent',
			group: ['transform'],
			version: 1,
			defaults: { name: 'Agent' },
			inputs: ['main', { type: 'ai_tool', displayName: 'Tools', required: true }],
			outputs: ['main'],
			properties: [],
		},
		async execute() {
			const tools = await this.getInputConnectionData('ai_tool', 0);
			const byName = Object.fromEntries([tools].flat().map((t) => [t.name, t]));
			return [[{ json: { result: await script(byName) } }]];
		},
	};
}

/**
 * Runs our tool nodes (type `...Tool`) as an AI agent's tools: n8n's own code builds each tool
 * (its name from the node's name, its arguments from `$fromAI`, its description), and
 * `script(tools)` calls them by name as an agent would, with `tool.invoke(args)`, which answers
 * with the JSON text the agent reads. Resolves with the script's result and the run.
 */
async function runAgent({ tools, script, credentials, stream }) {
	const agent = {
		id: 'Agent',
		name: 'Agent',
		type: AGENT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {};
	for (const tool of tools) {
		connections[tool.name] = { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] };
	}
	let result;
	const run = await runWorkflow({
		nodes: [agent, ...tools],
		connections,
		credentials,
		stream,
		types: nodeTypesWith({
			[AGENT_TYPE]: agentType(async (byName) => (result = await script(byName))),
		}),
	});
	return { result, run, error: run.data.resultData.error };
}

module.exports = { runAgent };
