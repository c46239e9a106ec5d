'use strict';
/** Calls the node's loadOptions and listSearch methods as the editor does. */
const { Workflow } = require('n8n-workflow');
const { ExecutionLifecycleHooks, LoadOptionsContext } = require('n8n-core');
const { nodeInstance, nodeTypes, mediaNode } = require('./built-node');
const { additionalDataFor } = require('./additional-data');

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
	const data = additionalDataFor(hooks, credentials);
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

module.exports = { loadOptions, listSearch };
