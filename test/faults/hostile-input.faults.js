'use strict';
/**
 * Hostile input: the whole table in process (every field of every operation, the fixed hostile
 * values and seeded random ones), then a sample through the real n8n, where the values come from
 * a Code node as they would from any upstream node.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance, nodeItems, runData } = require('../../harness/n8n-cli');
const { runHostileTable } = require('../support/hostile-table');
const { fairSuccess } = require('../support/hostile-fair');
const { credential, mediaNode, workflow } = require('./workflows');

const KEY = 'test-key-alice';
let svc;

beforeAll(async () => {
	svc = await startFakeService({ timing: { queueMs: 10, imageMs: 50, videoMs: 50, audioMs: 50 } });
});
afterAll(async () => {
	await svc?.stop();
});

test('the whole table, in process: a clear error naming the field, or a fair value sent as given', async () => {
	const { cases, problems } = await runHostileTable(svc, { randomCount: 3, repeatCount: 6 });
	if (problems.length)
		console.log(`${problems.length} problems in ${cases} cases:\n${problems.join('\n')}`);
	expect(cases).toBeGreaterThan(1200);
	expect(problems).toEqual([]);
	console.log(`hostile input: ${cases} cases in process, no problems`);
});

/** JavaScript source of the sample values, for a Code node (NaN and Infinity survive there). */
const SAMPLE = [
	['NaN', 'NaN'],
	['a negative number', '-1'],
	['a huge number', '1e308'],
	['a 1 MB string', "'x'.repeat(1024 * 1024)"],
	['control characters', "'\\u0000\\u001b[2J\\r\\n'"],
	['an array of strings', "['first', 'second']"],
	['an object', '{ a: 1 }'],
	[
		'deep junk JSON',
		'(() => { let v = {}; for (let i = 0; i < 60; i++) v = i % 2 ? [v, null] : { k: v }; return v; })()',
	],
	[
		'deep junk JSON as text',
		'(() => { let v = {}; for (let i = 0; i < 60; i++) v = i % 2 ? [v, null] : { k: v }; return JSON.stringify(v); })()',
	],
	['@Image 999', "'a cat like @Image 999'"],
	['an id that is not a uuid', "'3fa85f64-5717-4562-b3fc-2c963f66afa'"],
	['null', 'null'],
];

/** The fields tried in the real n8n: where the value goes, the form's label, and the field for fairSuccess. */
const FIELDS = [
	{
		name: 'Prompt',
		kind: 'image',
		params: { prompt: '={{ $json.v }}' },
		label: 'prompt',
		field: { resource: 'image', operation: 'generate', path: ['prompt'] },
	},
	{
		name: 'Number of Images',
		kind: 'image',
		params: { prompt: 'hostile number of images', numberOfImages: '={{ $json.v }}' },
		label: 'number of images',
		field: { resource: 'image', operation: 'generate', path: ['numberOfImages'] },
	},
	{
		name: 'Poll Interval',
		kind: 'image',
		params: { prompt: 'hostile poll interval' },
		options: { pollIntervalSeconds: '={{ $json.v }}' },
		label: 'poll interval',
		field: { resource: 'image', operation: 'generate', path: ['options', 'pollIntervalSeconds'] },
	},
	{
		name: 'Duration',
		kind: 'video',
		params: { prompt: 'hostile duration', duration: '={{ $json.v }}' },
		label: 'duration',
		field: { resource: 'video', operation: 'generate', path: ['duration'] },
	},
	{
		name: 'Script JSON',
		kind: 'script',
		params: { scriptJson: '={{ $json.v }}' },
		label: 'script (json)',
		field: { resource: 'podcast', operation: 'generateFromScript', path: ['scriptJson'] },
	},
	{
		name: 'Job ID',
		kind: 'image',
		params: { operation: 'download', jobId: '={{ $json.v }}' },
		label: 'job id',
		field: { resource: 'image', operation: 'download', path: ['jobId'] },
	},
];

test('a sample through the real n8n: every item gets its own clear error, and no job is created for it', async () => {
	const n8n = new N8nInstance().installPackage();
	try {
		await n8n.importCredentials([credential('mainCredential01', KEY, svc.apiUrl)]);
		const code = {
			id: crypto.randomUUID(),
			name: 'Hostile',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [0, 0],
			parameters: {
				jsCode: `return [\n${SAMPLE.map(([, js]) => `  { json: { v: ${js} } },`).join('\n')}\n];`,
			},
		};
		const nodes = FIELDS.map((f) => {
			const node = mediaNode(f.name, f.kind, {
				credentialId: 'mainCredential01',
				options: f.options,
				params: f.params,
			});
			node.parameters.waitForCompletion = Boolean(f.options);
			return node;
		});
		const [id] = await n8n.importWorkflows([workflow('Hostile input', [code], nodes)]);
		const before = svc.state.requests.length;
		const result = await n8n.execute(id);
		expect(result.code).toBe(0);
		const sent = svc.state.requests.slice(before).filter((r) => r.body !== undefined);
		for (const f of FIELDS) {
			const items = nodeItems(result.data, f.name);
			expect(items).toHaveLength(SAMPLE.length);
			let succeeded = 0;
			items.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				const value = runData(result.data).Hostile[0].data.main[0][i].json.v;
				if (item.json.error === undefined) {
					// a fair value, sent as given (n8n itself turns NaN into null between nodes)
					succeeded++;
					expect({ field: f.name, value: SAMPLE[i][0], fair: fairSuccess(f.field, value) }).toEqual(
						{ field: f.name, value: SAMPLE[i][0], fair: true },
					);
				} else {
					expect(`${item.json.error} ${item.json.description ?? ''}`.toLowerCase()).toContain(
						f.label,
					);
					expect(item.json.error).not.toMatch(
						/TypeError|Cannot read|is not a function|\[object Object\]/,
					);
					expect(item.json.error.length).toBeLessThan(1000);
				}
			});
			// a create only for the items that were fair
			const mine = sent.filter((r) =>
				f.field.path[0] === 'prompt'
					? !String(r.body.prompt).startsWith('hostile')
					: String(r.body.prompt) === f.params.prompt,
			);
			if (f.kind !== 'script' && f.field.operation === 'generate')
				expect(mine).toHaveLength(succeeded);
			if (f.kind === 'script')
				expect(sent.filter((r) => r.route === 'POST /podcast/scripted')).toHaveLength(succeeded);
		}
		expect(result.stdout + result.stderr).not.toContain(KEY);
	} finally {
		await n8n.stop();
	}
});
