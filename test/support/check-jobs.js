'use strict';
/**
 * What the Check tests share: a fake service whose "slow" jobs run for 10 minutes, Generate
 * (Wait for Completion off) and Check run through n8n's engine, and Check's two outputs.
 */
const { useFakeService, api } = require('./fake');
const { runWorkflow } = require('./run-workflow');
const { mediaNode } = require('./built-node');

const generate = mediaNode(
	'Generate',
	{
		resource: 'image',
		operation: 'generate',
		prompt: '={{ $json.prompt }}',
		model: 'flux-pro',
		resolution: '720p',
		waitForCompletion: false,
	},
	{ typeVersion: 2 },
);

function checkNode(extra = {}, options = {}) {
	return mediaNode(
		'Check',
		{ resource: 'image', operation: 'check', options },
		{
			typeVersion: 2,
			...extra,
		},
	);
}

/** Check's two outputs (Done, Running) and its error, from a run. */
function outputsOf(run) {
	const task = run.data.resultData.runData.Check?.[0];
	const [done = [], running = []] = task?.data?.main ?? [];
	return { done, running, error: task?.error ?? run.data.resultData.error };
}

/** Starts the fake for this test file; returns it with runs of Check and jobs made at it. */
function useCheckJobs() {
	/** Jobs whose prompt says "slow" run for 10 minutes; the rest end at once. */
	const ref = useFakeService({
		timing: { queueMs: 0, imageMs: (body) => (/slow/.test(String(body.prompt)) ? 600_000 : 1) },
	});
	const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

	async function generateThenCheck(prompts, checkExtra) {
		const run = await runWorkflow({
			nodes: [generate, checkNode(checkExtra)],
			items: prompts.map((prompt) => ({ json: { prompt } })),
			credentials: creds(),
		});
		return outputsOf(run);
	}

	async function check(items, { extra, options } = {}) {
		return outputsOf(
			await runWorkflow({ nodes: [checkNode(extra, options)], items, credentials: creds() }),
		);
	}

	/** A job made straight at the service (outside the node). */
	async function imageJob(prompt) {
		const r = await api(ref.svc, 'POST', '/image', {
			body: { prompt, model_id: 'flux-pro' },
		});
		expect(r.status).toBe(200);
		return r.json.job_id;
	}

	return { ref, generateThenCheck, check, imageJob };
}

module.exports = { useCheckJobs };
