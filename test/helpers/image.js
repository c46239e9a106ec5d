'use strict';
/** Runs Image operations of the node against a fake service, as one-node workflows. */
const { runWorkflow, mediaNode, nodeResult } = require('../harness/run-workflow');

function imageRunner(ref, key = 'test-key-alice') {
	const creds = () => ({ apiKey: key, baseUrl: ref.svc.apiUrl });
	return async function run(params, { items = [{ json: {} }], extra = {}, onStart, operation = 'generate' } = {}) {
		const node = mediaNode('Media', { resource: 'image', operation, ...params }, extra);
		return nodeResult(await runWorkflow({ nodes: [node], items, credentials: creds(), onStart }), 'Media');
	};
}

/** Fast waiting for tests: short poll gaps. */
const FAST = { pollIntervalSeconds: 0.5 };

const count = (svc, route) => svc.state.requests.filter((r) => r.route === route).length;

module.exports = { imageRunner, FAST, count };
