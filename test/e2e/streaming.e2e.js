'use strict';
/**
 * Stream Progress in the real n8n of each release (every one of the matrix has the Webhook's
 * Response Mode "Streaming" at version 2.1). An active workflow served by `n8n start` streams the
 * node's progress as JSON lines to a plain HTTP client while the job runs: a video, and a batch
 * of ten images with one failing. A webhook that answers at the end and a run by `n8n execute`
 * stream nothing, and their output items equal those of the same run with Stream Progress off.
 */
const { N8nRest, itemsOf, seenAt } = require('../../harness/n8n-rest');
const { N8nInstance, nodeItems } = require('../../harness/n8n-cli');
const { fakeServiceCredentials } = require('../../harness/examples');
const { streamPost, nodeLines, lineIndex } = require('../../harness/stream-client');
const { freePort } = require('../../harness/ports');
const { until } = require('../../harness/wait');
const { API_KEY, compatService } = require('../compat/instance');
const {
	streamingWorkflow,
	comparable,
	filesServed,
	MEDIA,
	PROMPTS,
	FAILING_ITEM,
} = require('./workflows/streaming');

const release = require('../../harness/n8n-releases/release').current();

/** Short jobs, for every run but the streamed video. */
const SHORT = { queueMs: 500, imageMs: 2000, videoMs: 3000 };
/** The streamed video: 2 s queued, then 20 s processing. */
const LONG = { queueMs: 2000, videoMs: 22_000 };

const TRIGGERS = {
	stream: { responseMode: 'streaming' },
	last: { responseMode: 'lastNode' },
	manual: { manual: true },
};
/** Every workflow by key (`video-stream`, `images-last-off`, …): [what, trigger and Stream Progress]. */
const WORKFLOWS = Object.fromEntries(
	['video', 'images'].flatMap((what) =>
		Object.entries(TRIGGERS).flatMap(([trigger, how]) => [
			[`${what}-${trigger}`, [what, how]],
			[`${what}-${trigger}-off`, [what, { ...how, streamProgress: false }]],
		]),
	),
);
/** A workflow by key; its webhook's path is the key. */
const workflowOf = (key) => {
	const [what, how] = WORKFLOWS[key];
	return streamingWorkflow(what, { path: key, ...how });
};

let svc;
let n8n;
let base;
let rest;
const ids = {};

/** Calls a webhook and reads its answer; the jobs it made, and its execution once it has ended. */
async function call(key) {
	const before = svc.state.jobs.size;
	const answer = await streamPost(`${base}/webhook/${key}`, {});
	expect([key, answer.status]).toEqual([key, 200]);
	expect(answer.text).not.toContain(API_KEY);
	const done = await until(
		async () =>
			(await rest.executions(ids[key])).find((e) => !['new', 'running'].includes(e.status)),
		`the run of ${key} to end`,
		{ seen: seenAt(rest, svc, ids[key]) },
	);
	const execution = await rest.execution(done.id);
	expect([key, execution.status]).toEqual([key, 'success']);
	return { ...answer, jobs: [...svc.state.jobs.values()].slice(before), execution };
}

/** Two runs' items, Stream Progress on and off: equal, files as served (`read`: a binary's bytes). */
async function expectSameItems(what, [on, off], read) {
	expect(on).toHaveLength(what === 'video' ? 1 : PROMPTS.length);
	const served = await Promise.all([on, off].map((items) => filesServed(svc, items, read)));
	expect(served).toEqual([true, true]);
	expect(comparable(on)).toEqual(comparable(off));
}

beforeAll(async () => {
	svc = await compatService();
	Object.assign(svc.state.timing, SHORT);
	n8n = new N8nInstance({ binaryDataMode: 'filesystem' }).installPackage();
	await n8n.importCredentials(fakeServiceCredentials(svc, API_KEY));
	const keys = Object.keys(WORKFLOWS);
	(await n8n.importWorkflows(keys.map(workflowOf))).forEach((id, i) => (ids[keys[i]] = id));
}, 180_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

// `n8n execute` runs first: the same user folder is served by `n8n start` afterwards
describe(`n8n ${release.version}, \`n8n execute\`: nothing to stream to`, () => {
	test.each(['video', 'images'])(
		'%s: the output items equal those of a run with Stream Progress off',
		async (what) => {
			const outputs = [];
			for (const key of [`${what}-manual`, `${what}-manual-off`]) {
				const r = await n8n.execute(ids[key], { timeoutMs: 120_000 });
				expect([key, r.code]).toEqual([key, 0]);
				expect(r.stdout).not.toContain(API_KEY);
				outputs.push(nodeItems(r.data, MEDIA[what].name));
			}
			await expectSameItems(what, outputs, (binary) => n8n.fileBytes(binary));
		},
	);
});

describe(`n8n ${release.version}, \`n8n start\`: production webhooks`, () => {
	beforeAll(async () => {
		base = await n8n.start(await freePort());
		rest = await (await new N8nRest(base).ready()).setupOwner();
		const webhooks = Object.keys(WORKFLOWS).filter((key) => !WORKFLOWS[key][1].manual);
		for (const key of webhooks) await rest.activate(ids[key]);
		for (const key of webhooks) await rest.waitForWebhook(key);
	}, 180_000);

	afterEach(() => Object.assign(svc.state.timing, SHORT));

	test('(a) a video: begin, created within 2 s, its states and the link while it runs, then end', async () => {
		Object.assign(svc.state.timing, LONG);
		const r = await call('video-stream');
		expect(r.contentType).toMatch(/^application\/json/);
		expect(r.other).toEqual([]);
		const lines = nodeLines(r.chunks, MEDIA.video.name);
		const [job] = r.jobs;
		expect(r.jobs).toHaveLength(1);
		const [output] = itemsOf(r.execution, MEDIA.video.name);
		expect(output.json.url).toContain(`${svc.filesOrigin}/files/`);
		const created = lineIndex(lines, /created/, job.id);
		const states = lines
			.map((l, i) => (/queued|processing/.test(l.content) ? i : -1))
			.filter((i) => i > created);
		const result = lineIndex(lines, output.json.url, output.binary.data.fileName);
		expect({ created, firstState: states[0] > created, result }).toEqual({
			created: 0,
			firstState: true,
			result: lines.length - 1,
		});
		expect(states.every((i) => i < result)).toBe(true);
		// as it happens: created within 2 s, states while the job runs, the link once it is done
		const at = (i) => lines[i].at;
		expect(at(created)).toBeLessThan(2000);
		expect(at(states[0])).toBeLessThan(at(result) - 10_000);
		expect(at(result)).toBeGreaterThan(20_000);
		expect(r.chunks.at(-1).at).toBeGreaterThanOrEqual(at(result));
	}, 120_000);

	test('(b) ten images, one failing, Continue On Fail: a compact account that names the failure', async () => {
		const r = await call('images-stream');
		expect(r.other).toEqual([]);
		expect(r.chunks.length).toBeLessThanOrEqual(40);
		const lines = nodeLines(r.chunks, MEDIA.images.name);
		const outputs = itemsOf(r.execution, MEDIA.images.name);
		expect(outputs.map((o) => Boolean(o.json.error))).toEqual(
			PROMPTS.map((_, i) => i === FAILING_ITEM),
		);
		const failed = r.jobs.find((j) => j.outcome === 'failed');
		expect(lineIndex(lines, /Creating 10 image jobs/i)).toBe(0);
		// the failure names n8n's item index, the job and the service's reason
		const reason = failed.error.replace(/\.$/, '');
		const item = new RegExp(`\\bitem ${FAILING_ITEM}\\b`, 'i');
		expect(lineIndex(lines, /failed/, item, failed.id, reason)).toBeGreaterThan(0);
		for (const o of outputs.filter((x) => !x.json.error))
			expect(lineIndex(lines, o.json.url)).toBeGreaterThan(0);
		expect(lineIndex(lines, /\b9 of 10\b/, /\b1 failed/)).toBe(lines.length - 1);
	});

	test.each(['video', 'images'])(
		'(c) %s, Stream Progress off on the streaming webhook: no chunk from the node',
		async (what) => {
			const r = await call(`${what}-stream-off`);
			expect(r.chunks.filter((c) => c.metadata?.nodeName === MEDIA[what].name)).toEqual([]);
			expect(r.other).toEqual([]);
			expect(itemsOf(r.execution, MEDIA[what].name)).toHaveLength(
				what === 'video' ? 1 : PROMPTS.length,
			);
		},
	);

	test.each(['video', 'images'])(
		'(c) %s, answered when the last node ends: nothing streamed, the items equal those with Stream Progress off',
		async (what) => {
			const [on, off] = [await call(`${what}-last`), await call(`${what}-last-off`)];
			for (const r of [on, off])
				expect([r.chunks, r.keepalives, r.other.length]).toEqual([[], 0, 1]);
			const items = [on, off].map((r) => itemsOf(r.execution, MEDIA[what].name));
			await expectSameItems(what, items, async (binary) => await rest.binary(binary.id));
			// the answer is the node's items, as JSON
			expect(JSON.parse(on.other[0].line)).toEqual(items[0].map((item) => item.json));
		},
	);
});
