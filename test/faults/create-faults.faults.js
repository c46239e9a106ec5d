'use strict';
/**
 * Faults on create requests, in the real n8n, for every job kind: 500, 502 and 503 answers, a
 * connection reset after the request was handled, an answer slower than the Create Request
 * Timeout, 429 with and without Retry-After (audio), an API key revoked in the middle of a batch,
 * and a refused connection. For each: no input item lost, no paid job created twice, and a
 * per-item error that says whether the job may exist. A create is sent again only after a 429 or
 * a refused connection.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { DEFAULT_ACCOUNTS } = require('../../harness/fake-service/state');
const { N8nInstance, nodeItems } = require('../../harness/n8n-cli');
const { KINDS, AUDIO_KINDS } = require('./workflows');
const { wholeFile } = require('./whole-file');
const {
	MAIN_KEY,
	REFUSED_PORT,
	REVOKE_AFTER,
	CASES,
	kinds,
	marker,
	revokeKey,
	casesOf,
	createFaultCredentials,
	createFaultWorkflows,
	bodyHas,
	createsOf,
	jobsOf,
} = require('./create-fault-cases');
const { until } = require('../../harness/wait');
const { now } = require('../../harness/clock');

const TIMING = { queueMs: 50, imageMs: 300, videoMs: 400, audioMs: 400 };

let svc;
let late;
let n8n;
const ids = {};

beforeAll(async () => {
	const accounts = { ...DEFAULT_ACCOUNTS };
	kinds.forEach(
		(k, i) => (accounts[revokeKey(k)] = { user: `revoked-user-${i}`, paid: true, credits: 100000 }),
	);
	svc = await startFakeService({ timing: TIMING, accounts });
	n8n = new N8nInstance().installPackage();
	await n8n.importCredentials(createFaultCredentials(svc.apiUrl));
	[ids.faults, ids.refused] = await n8n.importWorkflows(createFaultWorkflows());
}, 300_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
	await late?.stop();
});

/** Checks one node's output: one item per input item, in order, each paired with its input. */
function outputOf(data, name, count) {
	const items = nodeItems(data, name);
	expect(items).toHaveLength(count);
	items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
	return items;
}

test('5xx, reset, slow answer, 429 and a revoked key on create: nothing lost, nothing created twice, errors say whether the job may exist', async () => {
	for (const k of kinds) {
		for (const c of casesOf(k)) {
			if (CASES[c].fault)
				svc.faults.add({
					route: KINDS[k].route,
					bodyIncludes: marker('', k) + c + '"',
					...CASES[c].fault,
				});
		}
		svc.revokeKeyAfter(revokeKey(k), REVOKE_AFTER);
	}
	// result downloads cut off half way, as a flaky network does: the node fetches them again
	svc.faults.add({ route: 'FILE', kind: 'truncate', times: 6 });
	// every node gets every case's item; image and video creates get no 429 (the service does not
	// send one there), so for them those two items are plain successes
	const result = await n8n.execute(ids.faults);
	expect(result.stdout + result.stderr).not.toContain(MAIN_KEY);
	expect(result.code).toBe(0);
	// the slow answers are handled by the fake after the node gave up: wait for them
	const unanswered = () =>
		svc.state.requests.filter((r) => r.route && bodyHas('#/')(r) && r.status === undefined).length;
	await until(() => unanswered() === 0, 'the slow answers to be sent', {
		timeoutMs: 15_000,
		intervalMs: 100,
		seen: () => `${unanswered()} creates still unanswered`,
	});

	const rows = [];
	let files = 0;
	for (const k of kinds) {
		const items = outputOf(result.data, `Faults ${k}`, Object.keys(CASES).length);
		Object.keys(CASES).forEach((c, i) => {
			const item = items[i];
			const mark = marker('', k) + c;
			const spec = CASES[c];
			const tries = createsOf(svc, `${mark}"`);
			const made = jobsOf(svc, `${mark}"`);
			if (item.binary?.data) {
				// whole files only: every one decodes to the end
				expect(
					wholeFile(k, n8n.fileBytes(item.binary.data), svc.state.jobs.get(item.json.job_id)),
				).toBe(true);
				files++;
			}
			if (!spec.fault || (spec.audioOnly && !AUDIO_KINDS.includes(k))) {
				expect(item.json.error).toBeUndefined();
				expect(item.binary?.data).toBeDefined();
				expect(made).toHaveLength(1);
				expect(tries).toHaveLength(1);
			} else if (spec.audioOnly) {
				// 429: the service took nothing; the create is sent again and the job made once
				expect(item.json.error).toBeUndefined();
				expect(item.binary?.data).toBeDefined();
				expect(made).toHaveLength(1);
				expect(tries.length).toBeGreaterThanOrEqual(2);
				expect(tries[0].status).toBe(429);
				if (c === 'busyWait') expect(tries[1].time - tries[0].time).toBeGreaterThanOrEqual(1950); // Retry-After: 2
			} else {
				// 5xx, reset, timeout: the job may exist, so the create is never sent again
				expect(tries).toHaveLength(1);
				expect(made).toHaveLength(spec.created);
				expect(item.json.error).toMatch(spec.message);
				expect(item.json.error).toMatch(/the job may have been created$/);
				expect(item.json.description).toMatch(/may exist/);
				expect(item.json.description).toMatch(/look for it in the service's web app/);
				expect(item.json.description).toMatch(
					new RegExp(`${k === 'image' ? 'Image' : k === 'video' ? 'Video' : 'Podcast'} > Download`),
				);
				expect(item.binary).toBeUndefined();
			}
			rows.push({
				kind: k,
				case: c,
				tries: tries.length,
				jobs: made.length,
				error: item.json.error ?? '',
			});
		});

		// revoked key: REVOKE_AFTER jobs made, then 401 for everything; every item has an output
		const revoked = outputOf(result.data, `Revoked ${k}`, Object.keys(CASES).length);
		const made = [...svc.state.jobs.values()].filter((j) =>
			JSON.stringify(j.request).includes(marker('revoked', k)),
		);
		expect(made).toHaveLength(REVOKE_AFTER);
		for (const item of revoked) {
			expect(item.json.error).toMatch(/The API key was refused/);
			if (item.json.job_id) {
				// created before the key went: the error names the job, which keeps running
				expect(made.map((j) => j.id)).toContain(item.json.job_id);
			} else {
				expect(item.json.error).toMatch(/no job was created$/);
				expect(item.json.description).toMatch(/running it again is safe/);
			}
		}
		expect(revoked.filter((i) => i.json.job_id)).toHaveLength(REVOKE_AFTER);
	}
	expect(svc.state.duplicateCreates()).toEqual([]);
	if (process.env.FAULTS_REPORT) console.log(JSON.stringify(rows, null, 1));
	console.log(
		`create faults: ${rows.length} items in ${kinds.length} job kinds, ${files} whole files, 0 items lost, ${svc.state.duplicateCreates().length} duplicate creates`,
	);
});

test('a refused connection: the create is sent again until the service is up, and the job is made once', async () => {
	let canaryAt;
	const seen = setInterval(() => {
		if (canaryAt || !svc.state.requests.some((r) => r.route === 'GET /image/models')) return;
		canaryAt = now();
		// the service comes up 2 s after the run starts its creates: until then, connections are refused
		setTimeout(
			async () =>
				(late = await startFakeService({
					port: REFUSED_PORT,
					timing: TIMING,
				})),
			2000,
		);
	}, 20);
	svc.state.requests.length = 0;
	const result = await n8n.execute(ids.refused);
	clearInterval(seen);
	expect(result.code).toBe(0);
	for (const k of kinds) {
		const [item] = outputOf(result.data, `Refused ${k}`, 1);
		expect(item.json.error).toBeUndefined();
		expect(item.binary?.data).toBeDefined();
		expect(jobsOf(late, marker('refused', k))).toHaveLength(1);
	}
	// the first create could only have succeeded by being sent again after refusals
	const first = late.state.requests.find((r) => r.body);
	expect(first.time - canaryAt).toBeGreaterThanOrEqual(1900);
	expect(late.state.duplicateCreates()).toEqual([]);
});
