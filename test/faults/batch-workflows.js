'use strict';
/**
 * The webhook workflows of the running-instance tests: a batch of items into one Media
 * Generation node, each item's prompt naming the workflow and the item.
 */
const { webhookNode } = require('../../harness/n8n-rest');
const { mediaNode, itemsNode, workflow } = require('./workflows');

/** A webhook workflow: N items, then one Media Generation node. */
function batch(name, kind, count, options) {
	const items = Array.from({ length: count }, (_, i) => ({ p: `${name} item ${i}`, i }));
	return workflow(
		name,
		[itemsNode('Items', items)],
		[mediaNode('Media', kind, { credentialId: 'mainCredential01', options, onError: null })],
		webhookNode(name),
	);
}

/** Retry On Fail at 3 tries on the workflow's node (10 ms apart: n8n reads 0 as 1 s). */
function retrying(wf) {
	Object.assign(
		wf.nodes.find((n) => n.name === 'Media'),
		{
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 10,
		},
	);
	return wf;
}

/**
 * The workflows of the running-instance tests, by name: `cancel` and `crash` poll every
 * `pollSeconds` (the cancel test waits a poll interval), the scale runs and `retry` more often.
 */
function instanceWorkflows(pollSeconds) {
	return [
		batch('cancel', 'image', 3, { pollIntervalSeconds: pollSeconds }),
		batch('scale-images', 'image', 500, { pollIntervalSeconds: 1 }),
		batch('scale-podcasts', 'prompt', 100, { pollIntervalSeconds: 0.5 }),
		batch('crash', 'image', 4, { pollIntervalSeconds: pollSeconds }),
		retrying(batch('retry', 'image', 3, { pollIntervalSeconds: 0.5 })),
	];
}

module.exports = { instanceWorkflows };
