'use strict';
/**
 * Runs workflows that use the built node (dist/) through n8n's own engine, in process:
 * WorkflowExecute from n8n-core, real request helpers, real binary data handling.
 */
const { Workflow } = require('n8n-workflow');
const { WorkflowExecute, ExecutionLifecycleHooks } = require('n8n-core');
const { nodeTypes } = require('./built-node');
const { binaryDataService } = require('./binary-data');
const { additionalDataFor } = require('./additional-data');

/**
 * @param {object} o
 * @param {object[]} o.nodes our nodes, the first one is where the input items enter
 * @param {object} [o.connections] n8n connections between them (default: a chain in order)
 * @param {object[]} [o.items] input items for the first node
 * @param {object[][]} [o.runs] instead of items: the first node runs once per list, in order
 *   (as a node in a loop does: its run index counts up)
 * @param {object} [o.data] instead of items: the execution data to go on from (see retryData)
 * @param {object} o.credentials {baseUrl, apiKey}
 * @param {(cancel: () => void) => void} [o.onStart] gets a function that cancels the execution
 * @param {object} [o.settings] workflow settings beyond execution order v1, e.g.
 *   `{ binaryMode: 'combined' }` for a workflow on execution logic v2
 * @param {object} [o.stream] the run streams as a Chat Trigger's or streaming Webhook's does:
 *   `onChunk` gets every chunk a node sends; `enabled: false` registers it on a run that does
 *   not stream (n8n registers it only for a streaming run)
 */
async function runWorkflow({
	nodes,
	connections,
	items = [{ json: {} }],
	runs = [items],
	data,
	credentials,
	onStart,
	settings,
	types = nodeTypes,
	stream,
}) {
	await binaryDataService();
	const chain = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		chain[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	const workflow = new Workflow({
		id: 'test',
		nodes,
		connections: connections ?? chain,
		nodeTypes: types,
		active: false,
		settings: { executionOrder: 'v1', ...settings },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test',
		nodes,
		connections: connections ?? chain,
	});
	let finish;
	const done = new Promise((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finish(run));
	if (stream) hooks.addHandler('sendChunk', stream.onChunk);
	const runData = data ?? {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: runs.map((list) => ({
				node: nodes[0],
				data: { main: [list] },
				source: null,
			})),
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	};
	const additionalData = additionalDataFor(hooks, credentials);
	additionalData.streamingEnabled = Boolean(stream) && stream.enabled !== false;
	const execute = new WorkflowExecute(additionalData, data ? 'retry' : 'manual', runData);
	const running = execute.processRunExecutionData(workflow);
	if (onStart) onStart(() => running.cancel());
	await running.catch(() => undefined);
	return await done;
}

/**
 * The execution data a retry from n8n's Executions list starts from, made from a failed run as
 * n8n's ExecutionService.retry makes it from the stored execution: the data as stored (a JSON
 * copy), without the run's error, and without the failed node's last run (it runs again).
 */
function retryData(run) {
	const data = JSON.parse(JSON.stringify(run.data));
	const { lastNodeExecuted } = data.resultData;
	if (lastNodeExecuted) {
		delete data.resultData.error;
		const runs = data.resultData.runData?.[lastNodeExecuted];
		if (runs?.length && runs[runs.length - 1].error !== undefined) runs.pop();
	}
	return data;
}

/**
 * Runs our tool nodes (type `...Tool`) as an AI agent's tools: n8n's own code builds each tool
 * (its name from the node's name, its arguments from `$fromAI`, its description), and
 * `script(tools)` calls them by name as an agent would, with `tool.invoke(args)`, which answers
 * with the JSON text the agent reads. Resolves with the script's result and the run.

/** The output items of a node (first run unless `runIndex`, first output), or its error. */
function nodeResult(run, nodeName, runIndex = 0) {
	const task = run.data.resultData.runData[nodeName]?.[runIndex];
	return { items: task?.data?.main?.[0] ?? [], error: task?.error ?? run.data.resultData.error };
}

module.exports = { runWorkflow, retryData, nodeResult };
