'use strict';
/**
 * What the Retry On Fail tests share: a fake service, a node run with Retry On Fail at 3 tries,
 * and the jobs the service made for a test's own requests.
 */
const { useFakeService } = require('./fake');
const { runWorkflow, nodeResult } = require('./run-workflow');
const { mediaNode } = require('./built-node');

/**
 * Retry On Fail at 3 tries. n8n reads a wait of 0 between tries as its default of 1 s
 * (`waitBetweenTries || 1000`), so the tests wait 10 ms.
 */
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 };
const CONTINUE = { onError: 'continueRegularOutput' };

/** A marker unique to each test, so that jobs of other tests never count. */
let serial = 0;
const marker = (name) => `${name}-${++serial}.`;

const prompt = { prompt: '={{ $json.p }}' };

/** Starts the fake for this test file; returns it with helpers that run the node and read jobs. */
function useRetryOnFail() {
	const ref = useFakeService({ timing: { queueMs: 50, imageMs: 200, videoMs: 300, audioMs: 300 } });
	const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

	/** Jobs the service made from requests whose body holds `text`. */
	const jobsFor = (text) =>
		[...ref.svc.state.jobs.values()].filter((j) => JSON.stringify(j.request ?? {}).includes(text));

	async function runNode(resource, operation, params, { items, extra = {}, runs }) {
		const node = mediaNode('Media', { resource, operation, ...params }, { ...RETRY, ...extra });
		const run = await runWorkflow({ nodes: [node], items, runs, credentials: creds() });
		return { ...nodeResult(run, 'Media'), run };
	}

	/** The bytes the service served for a job's first file. */
	const servedFor = (jobId) => ref.svc.links.file(ref.svc.state.jobs.get(jobId), 0).body;

	return { ref, creds, jobsFor, runNode, servedFor };
}

module.exports = { RETRY, CONTINUE, marker, prompt, useRetryOnFail };
