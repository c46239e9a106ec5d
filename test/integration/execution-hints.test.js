'use strict';
/**
 * Execution hints, which n8n shows above a node's output after a run: the jobs started and not
 * waited for (and how to finish them), and the credits the run's jobs were estimated at.
 */
const { useFakeService } = require('../support/fake');
const { runWorkflow } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { FAST } = require('../support/media');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

/** Runs one node; returns its output items and the hints n8n recorded for its run. */
async function run(parameters, { items = [{ json: {} }], extra = {} } = {}) {
	const node = mediaNode('Media', parameters, { typeVersion: 3, ...extra });
	const result = await runWorkflow({ nodes: [node], items, credentials: creds() });
	const task = result.data.resultData.runData.Media[0];
	return { items: task.data?.main?.[0] ?? [], hints: task.hints ?? [], error: task.error };
}
const messages = (hints) => hints.map((h) => h.message);

describe('execution hints', () => {
	test('jobs started without waiting: how many, and how to finish them; the credits of the run', async () => {
		const { items, hints } = await run(
			{
				resource: 'image',
				operation: 'generate',
				prompt: '={{ $json.prompt }}',
				model: { __rl: true, mode: 'list', value: 'flux-pro' },
				resolution: '1080p',
				waitForCompletion: false,
			},
			{ items: [{ json: { prompt: 'a' } }, { json: { prompt: 'b' } }, { json: { prompt: 'c' } }] },
		);
		expect(items).toHaveLength(3);
		expect(messages(hints)).toEqual([
			expect.stringMatching(
				/^3 image jobs were started and not waited for.*Image > Check.*Image > Download.*job_id/,
			),
			'The 3 jobs of this run are estimated at 18 credits in all.',
		]);
		expect(hints.every((h) => h.location === 'outputPane')).toBe(true);
	});

	test('jobs waited for: only the credits', async () => {
		const { hints } = await run({
			resource: 'video',
			operation: 'generate',
			mode: 'text',
			prompt: 'Waves',
			model: { __rl: true, mode: 'id', value: 'motion-fast' },
			resolution: '720p',
			duration: 5,
			options: FAST,
		});
		expect(messages(hints)).toEqual(['The job of this run is estimated at 10 credits.']);
	});

	test('a job that outlived Maximum Wait and was output as running counts as not waited for', async () => {
		const { items, hints } = await run({
			resource: 'podcast',
			operation: 'generateFromPrompt',
			prompt: 'A 3-minute story [never]',
			options: { maxWaitMinutes: 0.01, onTimeout: 'outputRunning', pollIntervalSeconds: 0.5 },
		});
		expect(items[0].json.timed_out).toBe(true);
		expect(messages(hints)).toEqual([
			expect.stringMatching(
				/^1 audio job was started and not waited for.*Podcast > Check.*Podcast > Download/,
			),
			'The job of this run is estimated at 30 credits.',
		]);
	});

	test('jobs with and without an estimate: the estimate says how many it leaves out', async () => {
		const { hints } = await run(
			{
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: '={{ $json.prompt }}',
				waitForCompletion: false,
			},
			{ items: [{ json: { prompt: 'A 2-minute ad' } }, { json: { prompt: 'A story' } }] },
		);
		expect(messages(hints)).toContain(
			'The 2 jobs of this run are estimated at 20 credits in all (1 job without an estimate).',
		);
	});

	test('operations that create nothing add no hint', async () => {
		const { hints, error } = await run({ resource: 'model', operation: 'listImageModels' });
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
	});
});
