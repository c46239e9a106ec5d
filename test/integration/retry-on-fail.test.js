'use strict';
/**
 * n8n's Retry On Fail (the node's settings) runs the node's execute() again from the start, in the
 * same execution: when the node throws, and when its first output item is an error item. A new
 * try takes up the jobs an earlier try created for the same item and request instead of buying
 * them again; a job that failed, or a create the service refused, is sent again; a create whose
 * outcome is unknown is not.
 */
const { useFakeService } = require('../support/fake');
const { binaryItem, FAST, count } = require('../support/media');
const { runWorkflow, retryData, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { readBinary } = require('../support/binary-data');

const ref = useFakeService({ timing: { queueMs: 50, imageMs: 200, videoMs: 300, audioMs: 300 } });
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

/**
 * Retry On Fail at 3 tries. n8n reads a wait of 0 between tries as its default of 1 s
 * (`waitBetweenTries || 1000`), so the tests wait 10 ms.
 */
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 };
const CONTINUE = { onError: 'continueRegularOutput' };

/** A marker unique to each test, so that jobs of other tests never count. */
let serial = 0;
const marker = (name) => `${name}-${++serial}.`;

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

const prompt = { prompt: '={{ $json.p }}' };
const talk = (text) => ({ segment: [{ voiceId: 'voice-ava', text }] });
const convo = (text) => ({
	segment: [
		{ voiceId: 'voice-ava', text },
		{ voiceId: 'voice-ben', text: 'Sure.' },
	],
});

/** A scenario whose failing item makes a job that fails on the service on every try ("[fail]"). */
const failingJob = (resource, operation, params, label) => ({
	resource,
	operation,
	params: { ...params, options: FAST },
	failing: (p) => `${p} [fail]`,
	failingJobs: 3,
	error: new RegExp(`^${label} job [0-9a-f-]{36} failed`),
});

/** The service answers the creates of the item whose prompt is `p` with `status` (fault `kind`). */
const imageCreateFault = (kind, status, times) => (p) => {
	ref.svc.faults.add({ route: 'POST /image', kind, status, bodyIncludes: p, times });
	return p;
};

/**
 * One scenario per create operation: its node fields (the item's `p` goes into the request),
 * how one item is made to fail on every try, and how many jobs that item's request makes in
 * three tries (a failed job is created again; a refused create makes none; a create with an
 * unknown outcome is sent once).
 */
const SCENARIOS = {
	image: failingJob('image', 'generate', { ...prompt, model: 'sketch-lite' }, 'Image'),
	video: failingJob('video', 'generate', { ...prompt, model: 'motion-fast' }, 'Video'),
	'podcast from a prompt': failingJob('podcast', 'generateFromPrompt', prompt, 'Audio'),
	'podcast from a script': failingJob(
		'podcast',
		'generateFromScript',
		{ segments: talk('={{ $json.p }}') },
		'Audio',
	),
	'conversation from a prompt': failingJob(
		'podcast',
		'generateConversationFromPrompt',
		{ ...prompt, voiceIds: 'voice-ava, voice-ben' },
		'Audio',
	),
	'conversation from a script': failingJob(
		'podcast',
		'generateConversationFromScript',
		{ segments: convo('={{ $json.p }}') },
		'Audio',
	),
	'Wait for Completion off': {
		resource: 'image',
		operation: 'generate',
		params: { ...prompt, model: 'sketch-lite', waitForCompletion: false },
		// the service refuses this item's create on every try (402: not enough credits)
		failing: imageCreateFault('status', 402, Infinity),
		failingJobs: 0,
		error: /credits/i,
		queued: true,
	},
	'reference images from binary fields': {
		...failingJob(
			'image',
			'generate',
			{ ...prompt, model: 'flux-pro', referenceImageFields: 'logo' },
			'Image',
		),
		binary: true,
	},
	'a create whose outcome is unknown': {
		resource: 'image',
		operation: 'generate',
		params: { ...prompt, model: 'sketch-lite', options: FAST },
		// the service makes this item's job, then answers 500: the job may exist
		failing: imageCreateFault('status-after', 500, 1),
		failingJobs: 1,
		error:
			/^An earlier try of this node may have created this item's image job: its create request got no answer \(HTTP 500\), so it was not sent again$/,
		description:
			/web app .* around \d{4}-\d\d-\d\dT.*A new execution of the workflow sends the request again\./,
	},
};

/** Three items, one made to fail (at `failingAt`); the prompts of all three. */
function batchOf(scenario, name, failingAt) {
	const prompts = [0, 1, 2].map((i) => marker(`${name}-${i}`));
	prompts[failingAt] = scenario.failing(prompts[failingAt]);
	const items = prompts.map((p) =>
		scenario.binary ? binaryItem({ logo: 'png' }, { p }) : { json: { p } },
	);
	return { prompts, items };
}

/** The good items' jobs: each request made exactly one job; output as the service served it. */
async function expectGoodOnce(scenario, prompts, failingAt, items) {
	const good = prompts.filter((_, i) => i !== failingAt);
	for (const p of good) expect(jobsFor(p)).toHaveLength(1);
	expect(jobsFor(prompts[failingAt])).toHaveLength(scenario.failingJobs);
	if (!items) return;
	for (const [i, p] of prompts.entries()) {
		if (i === failingAt) continue;
		const item = items.find((it) => it.pairedItem.item === i);
		const [job] = jobsFor(p);
		expect(item.json.job_id).toBe(job.id);
		if (scenario.queued) {
			expect(item.json.status).toBe('queued');
			continue;
		}
		expect(item.json.status).toBe('succeeded');
		expect((await readBinary(item.binary.data)).equals(servedFor(job.id))).toBe(true);
	}
}

describe('Retry On Fail, when the node throws (one job of three fails, Continue On Fail off)', () => {
	test.each(Object.keys(SCENARIOS))(
		'%s: the two good jobs are created once; the node fails as without retries',
		async (name) => {
			const s = SCENARIOS[name];
			const { prompts, items } = batchOf(s, name, 1);
			const { error, items: out } = await runNode(s.resource, s.operation, s.params, { items });
			expect(out).toEqual([]);
			expect(error.message).toMatch(s.error);
			if (s.description) expect(error.description).toMatch(s.description);
			await expectGoodOnce(s, prompts, 1);
		},
	);
});

describe('Retry On Fail, when the first output item is an error item (Continue On Fail on)', () => {
	test.each(Object.keys(SCENARIOS))(
		'%s: the two good jobs are created once; the output is an error item and the two results',
		async (name) => {
			const s = SCENARIOS[name];
			const { prompts, items } = batchOf(s, name, 0);
			const { error, items: out } = await runNode(s.resource, s.operation, s.params, {
				items,
				extra: CONTINUE,
			});
			expect(error).toBeUndefined();
			expect(out.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
			expect(out[0].json.error).toMatch(s.error);
			if (s.description) expect(out[0].json.description).toMatch(s.description);
			await expectGoodOnce(s, prompts, 0, out);
		},
	);
});

describe('what a new try creates again', () => {
	test('a job that failed on the first try only is created again; the node then succeeds with every file as served', async () => {
		const prompts = [0, 1, 2].map((i) => marker(`flaky-${i}`));
		ref.svc.faults.add({ route: 'POST /image', kind: 'job-fail', bodyIncludes: prompts[1] });
		const { error, items } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ items: prompts.map((p) => ({ json: { p } })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(jobsFor(prompts[0])).toHaveLength(1);
		expect(jobsFor(prompts[2])).toHaveLength(1);
		const second = jobsFor(prompts[1]);
		expect(second.map((j) => j.outcome)).toEqual(['failed', 'succeeded']);
		expect(items[1].json.job_id).toBe(second[1].id);
		for (const item of items) {
			expect((await readBinary(item.binary.data)).equals(servedFor(item.json.job_id))).toBe(true);
		}
	});

	test('a node run again in a loop (its second run, the same prompt) creates its own job', async () => {
		const p = marker('loop');
		const { run } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ runs: [[{ json: { p } }], [{ json: { p } }]] },
		);
		const [first, second] = [0, 1].map((r) => nodeResult(run, 'Media', r).items[0]);
		expect(jobsFor(p)).toHaveLength(2);
		expect(first.json.job_id).not.toBe(second.json.job_id);
	});

	test('Upload Image: a file uploaded by the first try is not uploaded again by the next ones', async () => {
		const bad = binaryItem({ data: 'png' });
		bad.binary.data.data = Buffer.from('not an image').toString('base64');
		const before = count(ref.svc, 'POST /image/upload');
		const { error } = await runNode(
			'upload',
			'uploadImage',
			{ binaryPropertyName: 'data' },
			{ items: [binaryItem({ data: 'png' }), bad] },
		);
		expect(error.message).toMatch(/not a PNG, JPEG or WebP file/);
		expect(count(ref.svc, 'POST /image/upload') - before).toBe(1);
	});
});

describe('what the execution keeps', () => {
	const records = (run) => JSON.stringify(run.data.executionData.contextData['node:Media'] ?? {});

	test('a node run that ends well leaves no records of its jobs in the execution', async () => {
		const p = marker('tidy');
		const { error, run } = await runNode(
			'image',
			'generate',
			{ ...prompt, model: 'sketch-lite', options: FAST },
			{ items: [{ json: { p } }] },
		);
		expect(error).toBeUndefined();
		const [job] = jobsFor(p);
		expect(records(run)).not.toContain(job.id);
	});

	test("a retry of the failed execution (n8n's Executions list) takes up its jobs and creates the failed one again", async () => {
		const prompts = [0, 1, 2].map((i) => marker(`again-${i}`));
		// the second job fails on each of the three tries of the first execution, then no more
		ref.svc.faults.add({
			route: 'POST /image',
			kind: 'job-fail',
			bodyIncludes: prompts[1],
			times: 3,
		});
		const node = mediaNode(
			'Media',
			{ resource: 'image', operation: 'generate', ...prompt, model: 'sketch-lite', options: FAST },
			RETRY,
		);
		const items = prompts.map((p) => ({ json: { p } }));
		const failed = await runWorkflow({ nodes: [node], items, credentials: creds() });
		expect(nodeResult(failed, 'Media').error.message).toMatch(/^Image job [0-9a-f-]{36} failed/);
		for (const p of [prompts[0], prompts[2]]) expect(records(failed)).toContain(jobsFor(p)[0].id);

		const retried = await runWorkflow({
			nodes: [node],
			data: retryData(failed),
			credentials: creds(),
		});
		const { error, items: out } = nodeResult(retried, 'Media');
		expect(error).toBeUndefined();
		expect(out.map((i) => i.pairedItem.item)).toEqual([0, 1, 2]);
		expect(jobsFor(prompts[0])).toHaveLength(1);
		expect(jobsFor(prompts[2])).toHaveLength(1);
		expect(jobsFor(prompts[1]).map((j) => j.outcome)).toEqual([
			'failed',
			'failed',
			'failed',
			'succeeded',
		]);
		for (const item of out) {
			expect((await readBinary(item.binary.data)).equals(servedFor(item.json.job_id))).toBe(true);
		}
		expect(records(retried)).toBe('{}');
	});
});
