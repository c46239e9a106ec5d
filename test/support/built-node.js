'use strict';
/**
 * The built node (dist/) and its credential, as n8n loads them, and the node types a test
 * workflow runs with: the node, its tool variant for AI agents, and any extra type a test adds.
 */
const path = require('node:path');

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

/** The node types of a test workflow: ours, and `extra` ({type: node type}) that a test adds. */
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

module.exports = {
	NODE_TYPE,
	TOOL_TYPE,
	nodeInstance,
	credentialType,
	nodeTypes: nodeTypesWith(),
	nodeTypesWith,
	mediaNode,
};
