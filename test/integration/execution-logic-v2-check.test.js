'use strict';
/** Execution logic v2: Image > Check carries an input item's fields to its outputs, not its files. */
const { api, waitForJob } = require('../support/fake');
const { runWorkflow } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { V2, storedFiles, v2Item, useV2Workflow } = require('../support/v2-workflow');

const { ref, credentials, expectResultAt } = useV2Workflow();

describe("execution logic v2: Check carries an input item's fields, not its files", () => {
	test('Done holds the result file only, Running no file; both keep the other fields', async () => {
		const create = async (prompt) =>
			(await api(ref.svc, 'POST', '/image', { body: { prompt, model_id: 'flux-pro' } })).json
				.job_id;
		const done = await create('A finished cat');
		await waitForJob(ref.svc, 'image', done);
		const running = await create('A dog [never]');
		const files = await storedFiles({ img: 'png' });
		const outputs = await runCheck([
			v2Item(files, { job_id: done, episode: 1 }),
			v2Item(files, { job_id: running, episode: 2 }),
		]);
		expect(outputs.error).toBeUndefined();
		const [finished] = outputs.done;
		expect(finished.json).toMatchObject({ job_id: done, episode: 1 });
		expect(Object.keys(finished.json._files)).toEqual(['data']);
		await expectResultAt(finished);
		const [waiting] = outputs.running;
		expect(waiting.json).toMatchObject({
			job_id: running,
			episode: 2,
			status: expect.stringMatching(/^(queued|processing)$/),
		});
		expect(waiting.json._files).toBeUndefined();
	});
});

/** Image > Check in a v2 workflow: its two outputs. */
async function runCheck(items) {
	const node = mediaNode(
		'Check',
		{ resource: 'image', operation: 'check', options: {} },
		{ typeVersion: 2 },
	);
	const run = await runWorkflow({ nodes: [node], items, credentials: credentials(), settings: V2 });
	const task = run.data.resultData.runData.Check?.[0];
	const [done = [], running = []] = task?.data?.main ?? [];
	return { done, running, error: task?.error ?? run.data.resultData.error };
}
