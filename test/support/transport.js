'use strict';
/** What the transport tests share: a fake service, and one node of ours run against it. */
const { useFakeService } = require('./fake');
const { runWorkflow, nodeResult } = require('./run-workflow');

const KEY = 'test-key-alice';

/** Starts the fake for this test file; returns it with the credentials and a run of one node. */
function useTransport() {
	const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50 } });
	const creds = (extra = {}) => ({ apiKey: KEY, baseUrl: ref.svc.apiUrl, ...extra });
	async function run(node, { items, credentials = creds() } = {}) {
		return nodeResult(await runWorkflow({ nodes: [node], items, credentials }), 'Media');
	}
	return { ref, creds, run };
}

module.exports = { KEY, useTransport };
