'use strict';
/**
 * Image > Check with n8n's Always Output Data node setting on, in the real n8n of each release:
 * what Done and Running give when no job is done, when every job is, and with no input. n8n up
 * to 2.x adds its empty item to the first output (Done) whenever that output is empty; n8n 3.0
 * adds it only when every output is empty (docs/compatibility.md says what that changes).
 */
const { nodeItems, runData, runError } = require('../../harness/n8n-cli');
const { api, waitForJob } = require('../support/fake');
const { chainsWorkflow } = require('../compat/chains-workflow');
const { API_KEY, compatService, compatInstance } = require('../compat/instance');

const release = require('../../harness/n8n-releases/release').current();

/** A Code node that outputs these job ids, one item each. */
const jobItems = (ids) => ({
	n8n: {
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode: `return ${JSON.stringify(ids.map((job_id) => ({ json: { job_id } })))};`,
		},
	},
});
const CHECK = { resource: 'image', operation: 'check', jobId: '={{ $json.job_id }}' };
const ALWAYS = { alwaysOutputData: true };

function checkWorkflow({ running, done }) {
	return (credential) =>
		chainsWorkflow({
			name: 'Check with Always Output Data',
			prefix: 'always',
			chains: [
				['Start', ['Running Jobs', jobItems(running)], ['Check Running', CHECK]],
				['Start', ['Done Jobs', jobItems(done)], ['Check Done', CHECK]],
				['Start', ['No Jobs', jobItems([])], ['Check Nothing', CHECK]],
			],
			credential,
			nodeSettings: {
				'Check Running': ALWAYS,
				'Check Done': ALWAYS,
				'Check Nothing': ALWAYS,
			},
		});
}

/** An image job made at the service for the suite's key; one that `never` ends stays processing. */
async function imageJob(svc, prompt, { never = false } = {}) {
	if (never) svc.faults.add({ route: 'POST /image', kind: 'job-never' });
	const r = await api(svc, 'POST', '/image', {
		key: API_KEY,
		body: { prompt, model_id: 'sketch-lite' },
	});
	expect(r.status).toBe(200);
	return r.json.job_id;
}

let svc;
let n8n;
let data;

beforeAll(async () => {
	svc = await compatService();
	const running = [await imageJob(svc, 'a slow cat', { never: true })];
	running.push(await imageJob(svc, 'a slow dog', { never: true }));
	const done = [await imageJob(svc, 'a cat'), await imageJob(svc, 'a dog')];
	for (const id of done) await waitForJob(svc, 'image', id, API_KEY);
	let id;
	({ n8n, id } = await compatInstance(svc, checkWorkflow({ running, done })));
	const result = await n8n.execute(id, { timeoutMs: 120_000 });
	if (result.code !== 0)
		throw new Error(`n8n execute exited ${result.code}: ${JSON.stringify(runError(result.data))}`);
	data = result.data;
}, 180_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

const outputs = (name) => [0, 1].map((output) => nodeItems(data, name, { output }));

describe(`Check with Always Output Data on, n8n ${release.version}`, () => {
	test('no job done: Running has every job, and Done gets one empty item from n8n', () => {
		const [done, running] = outputs('Check Running');
		expect(running.map((i) => [i.json.status, i.pairedItem])).toEqual([
			['processing', { item: 0 }],
			['processing', { item: 1 }],
		]);
		expect(done).toHaveLength(1);
		expect(done[0].json).toEqual({});
		expect(done[0].binary).toBeUndefined();
	});

	test('every job done: Done has each with its image, Running is empty, and n8n adds nothing', () => {
		const [done, running] = outputs('Check Done');
		expect(done.map((i) => [i.json.status, i.binary?.data?.mimeType, i.pairedItem])).toEqual([
			['succeeded', 'image/png', { item: 0 }],
			['succeeded', 'image/png', { item: 1 }],
		]);
		expect(running).toEqual([]);
	});

	test('no input: n8n does not run Check, so neither output gives anything', () => {
		expect(nodeItems(data, 'No Jobs')).toEqual([]);
		expect(runData(data)['Check Nothing']).toBeUndefined();
	});
});
