'use strict';
/**
 * The workflow of the early-answer upload tests: n8n's Read/Write Files node reads a file from
 * disk (into filesystem binary data, as users' large files are), then one Media Generation node
 * sends it.
 */
const { NODE_TYPE } = require('../../harness/n8n-cli');

/** Start, Read File of `file`, then Media with `mediaParameters` and the credential `credentialId`. */
function readFileWorkflow(name, file, credentialId, mediaParameters) {
	return {
		name,
		nodes: [
			{
				id: 'a1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'a2',
				name: 'Read File',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1,
				position: [200, 0],
				parameters: { operation: 'read', fileSelector: file, options: {} },
			},
			{
				id: 'a3',
				name: 'Media',
				type: NODE_TYPE,
				typeVersion: 2,
				position: [400, 0],
				parameters: mediaParameters,
				credentials: {
					mediaGenerationApi: { id: credentialId, name: 'Media Generation account' },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Read File', type: 'main', index: 0 }]] },
			'Read File': { main: [[{ node: 'Media', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = { readFileWorkflow };
