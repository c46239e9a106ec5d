'use strict';
/**
 * Check, the durable way to wait (README, "Jobs longer than a few minutes"): each item's job is
 * polled once; a finished job leaves by Done with its files, a running one by Running. Runs
 * Generate (Wait for Completion off) and Check through n8n's engine against the fake service.
 */
const { useFakeService, api } = require('../support/fake');
const { runWorkflow } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { readBinary } = require('../support/binary-data');
const { sniffImage } = require('../../harness/fake-service/media/sniff');

/** Jobs whose prompt says "slow" run for 10 minutes; the rest end at once. */
const ref = useFakeService({
	timing: { queueMs: 0, imageMs: (body) => (/slow/.test(String(body.prompt)) ? 600_000 : 1) },
});
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

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

describe('Image > Check', () => {
	test('a finished job leaves by Done with its image, a running one by Running; each keeps its own item', async () => {
		const { done, running, error } = await generateThenCheck(['a cat', 'a slow dog', 'a hen']);
		expect(error).toBeUndefined();
		expect(done.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
		const [cat] = done;
		expect(cat.json).toMatchObject({
			job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			status: 'succeeded',
			model: 'flux-pro',
			created_at: expect.any(String),
		});
		expect(ref.svc.state.jobs.get(cat.json.job_id).request.prompt).toBe('a cat');
		expect(sniffImage(await readBinary(cat.binary.data))).toMatchObject({ type: 'png' });
		const [dog] = running;
		expect(ref.svc.state.jobs.get(dog.json.job_id).request.prompt).toBe('a slow dog');
		expect(dog.json).toMatchObject({ status: 'processing', model: 'flux-pro' });
		expect(Date.now() - Date.parse(dog.json.created_at)).toBeLessThan(60_000);
		expect(Date.parse(dog.json.checked_at)).toBeGreaterThanOrEqual(Date.parse(dog.json.created_at));
		expect(dog.binary).toBeUndefined();
	});

	test('a running item fed back (as through a Wait node) is checked again and keeps its creation time', async () => {
		const { running } = await generateThenCheck(['a slow owl']);
		const again = await check(running.map((i) => ({ json: i.json })));
		expect(again.done).toHaveLength(0);
		expect(again.running).toHaveLength(1);
		expect(again.running[0].json).toMatchObject({
			job_id: running[0].json.job_id,
			created_at: running[0].json.created_at,
			status: 'processing',
		});
		expect(again.running[0].json.first_checked_at).toBeUndefined();
	});

	test('Maximum Wait counts from the job creation: an older job fails naming its job, a newer one runs on', async () => {
		const jobId = await imageJob('a slow lynx');
		const hourAgo = new Date(Date.now() - 3600_000).toISOString();
		const late = await check([{ json: { job_id: jobId, created_at: hourAgo } }], {
			options: { maxWaitMinutes: 30 },
		});
		expect(late.error.message).toContain(jobId);
		expect(late.error.message).toContain('30 min');
		expect(late.error.message).toContain(hourAgo);
		const inTime = await check([{ json: { job_id: jobId, created_at: hourAgo } }], {
			options: { maxWaitMinutes: 90 },
		});
		expect(inTime.running).toHaveLength(1);
	});

	test('without created_at, Maximum Wait counts from the first check, which the item then carries', async () => {
		const jobId = await imageJob('a slow mole');
		const first = await check([{ json: { job_id: jobId } }]);
		const since = first.running[0].json.first_checked_at;
		expect(Date.now() - Date.parse(since)).toBeLessThan(60_000);
		const second = await check([{ json: first.running[0].json }]);
		expect(second.running[0].json.first_checked_at).toBe(since);
	});

	test('with Continue On Fail, a failed job gives an error item on Done for its item only', async () => {
		const { done, running, error } = await generateThenCheck(
			['a fox [fail]', 'a slow bee', 'a yak'],
			{ onError: 'continueRegularOutput' },
		);
		expect(error).toBeUndefined();
		expect(done.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(done[0].json).toMatchObject({ error: expect.any(String), job_id: expect.any(String) });
		expect(done[1].json.status).toBe('succeeded');
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
	});

	test('without Continue On Fail, a failed job fails the node and names the job', async () => {
		const { error } = await generateThenCheck(['a gnu [fail]']);
		const [job] = [...ref.svc.state.jobs.values()].filter(
			(j) => j.request?.prompt === 'a gnu [fail]',
		);
		expect(error.message).toContain(job.id);
	});

	test('an outage while checking sends the item round the loop again, saying what the service answered', async () => {
		const jobId = await imageJob('a slow crow');
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'status', status: 503, times: Infinity });
		const { done, running, error } = await check([{ json: { job_id: jobId } }]);
		ref.svc.faults.clear();
		expect(error).toBeUndefined();
		expect(done).toHaveLength(0);
		expect(running).toHaveLength(1);
		expect(running[0].json).toMatchObject({
			job_id: jobId,
			last_check_error: expect.stringMatching(/503|unavailable/i),
		});
		// the next round reads it again, and the note is gone
		const again = await check([{ json: running[0].json }]);
		expect(again.running[0].json.last_check_error).toBeUndefined();
	}, 120_000);

	test("an error item from before that names no job goes on to Done as it came, among the others' results", async () => {
		const jobId = await imageJob('a slow seal');
		const before = ref.svc.state.requests.length;
		const upstream = { error: 'Resolution "8k" is not offered by flux-pro', description: 'x' };
		const { done, running, error } = await check([{ json: upstream }, { json: { job_id: jobId } }]);
		expect(error).toBeUndefined();
		expect(done).toEqual([{ json: upstream, pairedItem: { item: 0 } }]);
		expect(running.map((i) => [i.json.job_id, i.pairedItem])).toEqual([[jobId, { item: 1 }]]);
		expect(ref.svc.state.requests.length).toBe(before + 1);
	});

	test('a job id that is not a job id fails before any request', async () => {
		const before = ref.svc.state.requests.length;
		const { error } = await check([{ json: { job_id: 'not-a-job' } }]);
		expect(error.message).toMatch(/Job ID/);
		expect(ref.svc.state.requests.length).toBe(before);
	});
});

describe("Check with n8n's Always Output Data (node setting), as n8n 2.x runs it", () => {
	// n8n up to 2.x adds its empty item to the first output whenever that output is empty, even
	// when the second has items (n8n-core's WorkflowExecute); n8n 3.0 adds it only when every
	// output is empty (its breaking-changes rule always-output-data-multi-output-v3)
	const always = { alwaysOutputData: true };

	test('no job finished: Running has every item, and Done gets one empty item', async () => {
		const { done, running, error } = await generateThenCheck(['a slow cat', 'a slow dog'], always);
		expect(error).toBeUndefined();
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(done).toHaveLength(1);
		expect(done[0].json).toEqual({});
		expect(done[0].binary).toBeUndefined();
	});

	test('some jobs finished: the outputs are as without the setting, with no empty item', async () => {
		const { done, running, error } = await generateThenCheck(['a cat', 'a slow dog'], always);
		expect(error).toBeUndefined();
		expect(done.map((i) => [i.pairedItem, typeof i.json.job_id])).toEqual([
			[{ item: 0 }, 'string'],
		]);
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
	});
});
