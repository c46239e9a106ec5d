'use strict';
/**
 * Runs of one node for the tests of what a run costs (Dry Run, Max Credits for the Run), counted
 * at the fake service: the creates and uploads it received, and the jobs it made.
 */
const { runWorkflow } = require('./run-workflow');
const { mediaNode } = require('./built-node');

const CONTINUE = { onError: 'continueRegularOutput' };
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 };
const TOOL = 'n8n-nodes-media-generation.mediaGenerationTool';

/** The same parameters with Dry Run on. */
const dry = (params) => ({ ...params, options: { ...params.options, dryRun: true } });

function costRunner(ref, key = 'test-key-alice') {
	const creds = () => ({ apiKey: key, baseUrl: ref.svc.apiUrl });

	/** Runs one node; its output items, the hints of its last run, and its error. */
	async function run(parameters, { items = [{ json: {} }], extra = {} } = {}) {
		const node = mediaNode('Media', parameters, { typeVersion: 3, ...extra });
		const result = await runWorkflow({ nodes: [node], items, credentials: creds() });
		const task = result.data.resultData.runData.Media?.[0];
		return {
			items: task?.data?.main?.[0] ?? [],
			hints: (task?.hints ?? []).map((h) => h.message),
			error: task?.error ?? result.data.resultData.error,
		};
	}

	/**
	 * The creates and uploads the service received while `fn` ran, and the jobs it made (an audio
	 * create refused for want of a slot is sent again: two creates, one job).
	 */
	async function counted(fn) {
		const before = { ...ref.svc.received(), jobs: ref.svc.state.jobs.size };
		const result = await fn();
		const after = ref.svc.received();
		return {
			...result,
			creates: after.create - before.create,
			uploads: after.upload - before.upload,
			jobs: ref.svc.state.jobs.size - before.jobs,
		};
	}

	return { run, counted, creds };
}

/** A video made from text at 12 credits a second (cinema-pro at 4k), 10 s: 120 credits. */
const pricyVideo = (options) => ({
	resource: 'video',
	operation: 'generate',
	mode: 'text',
	prompt: 'A heron at dawn',
	model: 'cinema-pro',
	resolution: '4k',
	duration: 10,
	options,
});

module.exports = { costRunner, dry, pricyVideo, CONTINUE, RETRY, TOOL };
