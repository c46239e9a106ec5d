'use strict';
/**
 * The example workflows show what a new node gets: every Media Generation node at the node's
 * default (newest) version, its model chosen with the model picker (a resource locator).
 */
const { loadExamples } = require('../../harness/examples');
const { nodeInstance } = require('../support/built-node');

const TYPES = [
	'n8n-nodes-media-generation.mediaGeneration',
	'n8n-nodes-media-generation.mediaGenerationTool',
];
const nodes = Object.entries(loadExamples()).flatMap(([file, workflow]) =>
	workflow.nodes.filter((n) => TYPES.includes(n.type)).map((n) => [`${file}: ${n.name}`, n]),
);

test('the examples hold Media Generation nodes', () => {
	expect(nodes.length).toBeGreaterThanOrEqual(7);
});

test.each(nodes)('%s is at the newest node version, its model from the picker', (_, n) => {
	expect(n.typeVersion).toBe(nodeInstance.description.defaultVersion);
	if ('model' in n.parameters)
		expect(n.parameters.model).toMatchObject({
			__rl: true,
			mode: 'list',
			value: expect.any(String),
		});
});
