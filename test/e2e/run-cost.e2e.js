'use strict';
/**
 * The price of a batch before it is spent, in the real n8n: a sheet-like batch of 20 video rows
 * from a Code node, first as a dry run (the service sees no create and no upload), then with
 * Max Credits for the Run at half the batch's total (the service sees exactly the admitted rows).
 */
const { nodeItems, runData, runError } = require('../../harness/n8n-cli');
const { compatService, compatInstance } = require('../compat/instance');
const { CREDENTIALS } = require('../../harness/examples');

/** 20 rows: durations of 5 and 10 s in turn, at 2 credits a second (motion-fast at 720p). */
const ROWS = Array.from({ length: 20 }, (_, i) => ({
	prompt: `Row ${i + 1}: a product shot, take ${i + 1}`,
	duration: i % 2 ? 10 : 5,
}));
const ESTIMATES = ROWS.map((r) => r.duration * 2);
const TOTAL = ESTIMATES.reduce((a, b) => a + b, 0);

/** Manual trigger, a Code node giving the rows, and Video > Generate with these options. */
function batchWorkflow(name, options, { continueOnFail = false } = {}) {
	return (credential) => ({
		name,
		nodes: [
			{
				id: 'd0000000-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'd0000000-0000-4000-8000-000000000002',
				name: 'Sheet',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode: `return ${JSON.stringify(ROWS.map((json) => ({ json })))};` },
			},
			{
				id: 'd0000000-0000-4000-8000-000000000003',
				name: 'Videos',
				type: 'n8n-nodes-media-generation.mediaGeneration',
				typeVersion: 3,
				position: [440, 0],
				parameters: {
					resource: 'video',
					operation: 'generate',
					mode: 'text',
					prompt: '={{ $json.prompt }}',
					model: { __rl: true, mode: 'id', value: 'motion-fast' },
					resolution: '720p',
					duration: '={{ $json.duration }}',
					waitForCompletion: false,
					options,
				},
				...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
				credentials: { mediaGenerationApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Sheet', type: 'main', index: 0 }]] },
			Sheet: { main: [[{ node: 'Videos', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
}

let svc;
let n8n;
const ids = {};

beforeAll(async () => {
	svc = await compatService();
	let id;
	({ n8n, id } = await compatInstance(svc, batchWorkflow('Dry run', { dryRun: true })));
	ids.dry = id;
	[ids.budget, ids.strict] = await n8n.importWorkflows([
		batchWorkflow(
			'Budget',
			{ maxRunCredits: TOTAL / 2 },
			{ continueOnFail: true },
		)(CREDENTIALS.media),
		batchWorkflow('Budget, no Continue On Fail', { maxRunCredits: TOTAL / 2 })(CREDENTIALS.media),
	]);
});

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

const createdPrompts = (from) =>
	svc.state.requests
		.slice(from)
		.filter((r) => r.route === 'POST /video')
		.map((r) => r.body.prompt);

describe('the cost of a batch in the real n8n', () => {
	test('20 video rows: a dry run prices them all and the service sees no create', async () => {
		const before = svc.received();
		const { code, data } = await n8n.execute(ids.dry);
		expect(runError(data)).toBeUndefined();
		expect(code).toBe(0);
		expect(svc.received().create - before.create).toBe(0);
		expect(svc.received().upload - before.upload).toBe(0);
		const items = nodeItems(data, 'Videos');
		expect(items.map((i) => i.json.dry_run)).toEqual(Array(20).fill(true));
		expect(items.map((i) => i.json.estimated_credits)).toEqual(ESTIMATES);
		expect(items[1].json).toMatchObject({ model: 'motion-fast', resolution: '720p', duration: 10 });
		const hints = (runData(data).Videos[0].hints ?? []).map((h) => h.message);
		expect(hints).toEqual([`20 items, ${TOTAL} credits estimated; nothing was created.`]);
	});

	test('a budget of half the total: the service sees exactly the rows admitted in input order', async () => {
		// 10 + 20 + … for rows 1 to 10 is exactly half of the 300
		const from = svc.state.requests.length;
		const { code, data } = await n8n.execute(ids.budget);
		expect(runError(data)).toBeUndefined();
		expect(code).toBe(0);
		expect(createdPrompts(from)).toEqual(ROWS.slice(0, 10).map((r) => r.prompt));
		const items = nodeItems(data, 'Videos');
		expect(items).toHaveLength(20);
		expect(items.slice(0, 10).every((i) => typeof i.json.job_id === 'string')).toBe(true);
		expect(items[10].json.error).toBe(
			'Max Credits for the Run (150) would be passed: the items admitted so far total an estimated 150 credits, and this item adds 10 credits (2 credits per second at 720p × 5 s). Raise Max Credits for the Run, or send fewer or cheaper items.',
		);
		expect(items.slice(10).every((i) => /Max Credits for the Run \(150\)/.test(i.json.error))).toBe(
			true,
		);
	});

	test('the same budget without Continue On Fail: the run fails with the total, and nothing is created', async () => {
		const before = svc.received().create;
		const { code, data } = await n8n.execute(ids.strict);
		expect(code).not.toBe(0);
		expect(runError(data).message).toMatch(
			/^This run's 20 items are estimated at 300 credits in all, above Max Credits for the Run \(150\); no job was created\. Item 11 is the first past it/,
		);
		expect(svc.received().create).toBe(before);
	});
});
