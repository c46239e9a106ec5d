'use strict';
/**
 * Runs workflows that use the built node (dist/) through n8n's own engine, in process:
 * WorkflowExecute from n8n-core, real request helpers, real binary data handling.
 */
const path = require('node:path');
const { Workflow } = require('n8n-workflow');
const {
	WorkflowExecute,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	BinaryDataService,
} = require('n8n-core');
// n8n-core's own copy of the DI container holds its services
const { Container } = require(require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] }));
const { TestCredentialsHelper } = require('./credentials-helper');

const DIST = path.resolve(__dirname, '../../dist');
const { MediaGeneration } = require(
	path.join(DIST, 'nodes/MediaGeneration/MediaGeneration.node.js'),
);
const { MediaGenerationApi } = require(
	path.join(DIST, 'credentials/MediaGenerationApi.credentials.js'),
);

const NODE_TYPE = 'n8n-nodes-media-generation.mediaGeneration';
const TOOL_TYPE = `${NODE_TYPE}Tool`;
const nodeInstance = new MediaGeneration();
const credentialType = new MediaGenerationApi();

/**
 * The tool variant n8n makes of the node for AI agents (n8n's convertNodeToAiTool): the same
 * code, under a description named with "Tool" appended (which the `@tool` display option
 * reads), with no main input and one AI tool output. The node has its own toolDescription
 * field, so n8n adds none.
 */
const toolInstance = Object.create(nodeInstance, {
	description: {
		value: {
			...nodeInstance.description,
			name: `${nodeInstance.description.name}Tool`,
			displayName: `${nodeInstance.description.displayName} Tool`,
			inputs: [],
			outputs: ['ai_tool'],
		},
	},
});

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

function nodeTypesWith(extra = {}) {
	const types = {
		getByName: (type) => {
			if (type in extra) return extra[type];
			if (type === NODE_TYPE) return nodeInstance;
			if (type === TOOL_TYPE) return toolInstance;
			throw new Error(`Unknown node type ${type}`);
		},
		getByNameAndVersion: (type) => types.getByName(type),
		getKnownTypes: () => ({ [NODE_TYPE]: { className: 'MediaGeneration', sourcePath: '' } }),
	};
	return types;
}
const nodeTypes = nodeTypesWith();

/** Additional data as n8n's runner would pass it; anything the engine asks for beyond this is a no-op. */
function additionalDataFor(hooks, credentialsHelper) {
	const known = {
		hooks,
		credentialsHelper,
		executionId: undefined,
		encryptedRunnerIdentity: undefined,
		currentNodeParameters: undefined,
		evalLlmMockHandler: undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		userId: 'test-user',
	};
	return new Proxy(known, {
		get: (target, prop) =>
			prop in target ? target[prop] : typeof prop === 'string' ? () => undefined : undefined,
	});
}

/**
 * Binary data as n8n keeps it by default in regular mode: on disk (filesystem mode), under the
 * test run's user folder (N8N_BINARY_DATA_STORAGE_PATH, set in harness/n8n-env.js).
 */
let binaryDataReady;
function binaryDataService() {
	binaryDataReady ??= (async () => {
		const service = Container.get(BinaryDataService);
		await service.init();
		return service;
	})();
	return binaryDataReady;
}

/** The bytes of an output binary, wherever n8n stored them. */
async function readBinary(binary) {
	return await (await binaryDataService()).getAsBuffer(binary);
}

/**
 * Stores a file as n8n's binary data service does for a node's output (filesystem mode by
 * default): returns the binary's description, with its `id`, as n8n hands it to the next node.
 */
async function storeBinary(buffer, { mimeType, fileName }) {
	const location = { type: 'execution', workflowId: 'test', executionId: 'test-execution' };
	return await (await binaryDataService()).store(location, buffer, { mimeType, fileName });
}

/** A node of ours, as it would stand in a workflow. */
function mediaNode(name, parameters, extra = {}) {
	return {
		id: name,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { mediaGenerationApi: { id: '1', name: 'Media Generation account' } },
		...extra,
	};
}

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
	const helper = new TestCredentialsHelper(
		{ mediaGenerationApi: credentialType },
		{ mediaGenerationApi: credentials },
	);
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
	const additionalData = additionalDataFor(hooks, helper);
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

/** A load-options context for the form's current parameters, as the editor's calls get it. */
function formContext(parameters, credentials, typeVersion) {
	const node = mediaNode('Media Generation', parameters, typeVersion ? { typeVersion } : {});
	const workflow = new Workflow({
		id: 'test',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test',
		nodes: [node],
		connections: {},
	});
	const helper = new TestCredentialsHelper(
		{ mediaGenerationApi: credentialType },
		{ mediaGenerationApi: credentials },
	);
	const data = additionalDataFor(hooks, helper);
	return new LoadOptionsContext(
		workflow,
		node,
		new Proxy({}, { get: (_t, p) => (p === 'currentNodeParameters' ? parameters : data[p]) }),
		'parameters',
	);
}

/** Calls a loadOptions method as the editor does, with the form's current parameters. */
async function loadOptions(method, parameters, credentials, { typeVersion } = {}) {
	const context = formContext(parameters, credentials, typeVersion);
	return await nodeInstance.methods.loadOptions[method].call(context);
}

/** Calls a listSearch method (a resource locator's list) as the editor does, with its filter. */
async function listSearch(method, parameters, credentials, filter, { typeVersion = 3 } = {}) {
	const context = formContext(parameters, credentials, typeVersion);
	return await nodeInstance.methods.listSearch[method].call(context, filter);
}

/** The output items of a node (first run unless `runIndex`, first output), or its error. */
function nodeResult(run, nodeName, runIndex = 0) {
	const task = run.data.resultData.runData[nodeName]?.[runIndex];
	return { items: task?.data?.main?.[0] ?? [], error: task?.error ?? run.data.resultData.error };
}

module.exports = {
	runWorkflow,
	retryData,
	runAgent,
	readBinary,
	storeBinary,
	binaryDataService,
	BinaryDataService,
	loadOptions,
	listSearch,
	mediaNode,
	nodeResult,
	NODE_TYPE,
	TOOL_TYPE,
	credentialType,
	nodeInstance,
};
