'use strict';
/**
 * n8n's Retry On Fail (the node's settings) runs the node's execute() again from the start, in the
 * same execution: when the node throws, and when its first output item is an error item. A new
 * try takes up the jobs an earlier try created for the same item and request instead of buying
 * them again; a job that failed, or a create the service refused, is sent again; a create whose
 * outcome is unknown is not.
 */
const { binaryItem, FAST } = require('../support/media');
const { readBinary } = require('../support/binary-data');
const { CONTINUE, marker, prompt, useRetryOnFail } = require('../support/retry-on-fail');

const { ref, jobsFor, runNode, servedFor } = useRetryOnFail();

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
