'use strict';
/**
 * The node as the tools of AI agents, in the real n8n (`npm run test:agents`): the example
 * examples/ai-agent-video-tools-mcp.json, whose Generate Video and Check Video tools serve both an
 * AI Agent and an MCP Server Trigger.
 *
 * (b) The AI Agent part, with `n8n execute` and the fake service's scripted chat model: it
 *     generates, checks with the job id, and answers with the video's link.
 * Then `n8n start` with the example imported as it is and published, its MCP Server Trigger called
 * at its production URL by the MCP TypeScript SDK's client with a 60 s request timeout:
 * (c) a video done within the Tool Wait is answered with its link in one call;
 * (a) a video of 120 s: the first call answers within the Tool Wait with the job id, a later
 *     call returns the link, the service saw one create, and nothing the client received holds
 *     the API key.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance, nodeItems, runData } = require('../../harness/n8n-cli');
const { N8nRest } = require('../../harness/n8n-rest');
const { until } = require('../../harness/wait');
const { loadExamples, fakeServiceCredentials, withParameters } = require('../../harness/examples');
const { recordingFetch, connectMcpClient, callTool } = require('./mcp-client');

const API_KEY = 'test-key-alice';
const EXAMPLE = 'ai-agent-video-tools-mcp';
/** the editor's port and its task-runner broker's (this suite's own pair) */
const PORT = 5830;
/** the Generate Video tool's Tool Wait, its default */
const TOOL_WAIT_MS = 40_000;

const example = loadExamples()[EXAMPLE];
const mcpPath = example.nodes.find((n) => n.type.endsWith('.mcpTrigger')).parameters.path;

/**
 * Video jobs run as long as their prompt says ("[120s]"), else 5 s: the scripted chat model
 * passes the example's request on as the prompt.
 */
const secondsIn = (prompt) => Number(/\[(\d+)s\]/.exec(String(prompt))?.[1] ?? 5);

let svc;
let n8n;
const ids = {};

/** POST /video requests the service saw for prompts matching `re` (each one a paid job). */
const videoCreates = (re) =>
	svc.state.requests.filter((r) => r.route === 'POST /video' && re.test(String(r.body?.prompt)));

beforeAll(async () => {
	svc = await startFakeService({
		timing: { queueMs: 200, videoMs: (body) => secondsIn(body.prompt) * 1000 },
	});
	n8n = new N8nInstance({ env: { N8N_RUNNERS_BROKER_PORT: String(PORT + 1) } }).installPackage();
	await n8n.importCredentials(fakeServiceCredentials(svc, API_KEY, 'sk-agents'));
	// (b) runs the example with short Tool Waits, so that generate, check and answer take seconds
	let short = withParameters(example, 'Generate Video', (p) => ({ ...p, toolWaitSeconds: 2 }));
	short = withParameters(short, 'Check Video', (p) => ({ ...p, toolWaitSeconds: 2 }));
	short.name = `${example.name} (short waits)`;
	[ids.example, ids.short] = await n8n.importWorkflows([example, short]);
}, 120_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

describe('(b) the AI Agent with the Generate Video and Check Video tools', () => {
	test('the agent generates, checks with the job id, and answers with the link; one job, no key in the output', async () => {
		const before = svc.state.jobs.size;
		const result = await n8n.execute(ids.short);
		expect(result.stdout).not.toContain(API_KEY);
		expect(result.stderr).not.toContain(API_KEY);
		expect(result.code).toBe(0);
		const runs = runData(result.data);
		const [answer] = nodeItems(result.data, 'AI Agent');
		const [request] = nodeItems(result.data, 'Request');
		const created = [...svc.state.jobs.values()].slice(before);
		expect(created).toHaveLength(1);
		expect(created[0].request.prompt).toBe(request.json.chatInput);
		// the generate tool answered with the job still running, the check tool with its link
		expect(runs['Generate Video']).toHaveLength(1);
		const generated = JSON.stringify(runs['Generate Video'][0].data);
		expect(generated).toContain(created[0].id);
		expect(generated).toContain('Check_Video');
		expect(generated).not.toContain('/files/');
		const checks = runs['Check Video'] ?? [];
		expect(checks.length).toBeGreaterThanOrEqual(1);
		expect(JSON.stringify(checks.at(-1).data)).toContain('/files/');
		expect(answer.json.output).toContain(svc.filesOrigin);
		expect(answer.json.output).toContain('/files/');
	});
});

describe('the same tools behind the MCP Server Trigger, called by a real MCP client', () => {
	let client;
	/** every answer the MCP client received: headers and body chunks, as they arrived */
	const received = [];

	async function connect(base) {
		return await connectMcpClient(new URL(`${base}/mcp/${mcpPath}`), recordingFetch(received));
	}

	const call = (name, args) => callTool(client, name, args);

	beforeAll(async () => {
		const base = await n8n.start(PORT);
		const rest = await (await new N8nRest(base).ready()).setupOwner();
		await rest.activate(ids.example);
		// the trigger answers once n8n has registered the published workflow's webhooks
		let refused = 'no answer yet';
		client = await until(
			async () =>
				await connect(base).catch((error) => {
					refused = error.message;
				}),
			'the MCP Server Trigger to answer',
			{ timeoutMs: 30_000, intervalMs: 500, seen: () => `the last connect failed: ${refused}` },
		);
	}, 180_000);

	afterAll(async () => {
		await client?.close();
	});

	test('the client sees both tools, each with its own description; Check_Video takes the job_id', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
		expect(Object.keys(byName).sort()).toEqual(['Check_Video', 'Generate_Video']);
		expect(Object.keys(byName.Generate_Video.inputSchema.properties)).toEqual(['prompt']);
		expect(Object.keys(byName.Check_Video.inputSchema.properties)).toEqual(['job_id']);
		expect(byName.Generate_Video.description).not.toEqual(byName.Check_Video.description);
		expect(byName.Check_Video.description).toMatch(/job_id/);
	});

	test('(c) a video done within the Tool Wait: its link in one call', async () => {
		const { items, ms } = await call('Generate_Video', { prompt: 'A kite over the dunes [3s]' });
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			status: 'succeeded',
			url: expect.stringContaining('/files/'),
		});
		expect(ms).toBeLessThan(TOOL_WAIT_MS);
		expect(videoCreates(/A kite over the dunes/)).toHaveLength(1);
	});

	test('(a) a video of 120 s: the job id within the bound, the link from a later call, one create, no key', async () => {
		const prompt = 'A lighthouse in a storm, slow push-in [120s]';
		const first = await call('Generate_Video', { prompt });
		const times = [first.ms];
		expect(first.ms).toBeLessThan(TOOL_WAIT_MS + 10_000);
		const [pending] = first.items;
		expect(pending).toMatchObject({
			job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			status: expect.stringMatching(/^(queued|processing)$/),
			created_at: expect.any(String),
			expected_wait_seconds: expect.any(Number),
		});
		expect(pending.next_step).toContain('Check_Video');
		expect(pending.url).toBeUndefined();
		// checks until the link comes, each answered within the bound
		let answer;
		for (let i = 0; i < 6 && !answer?.url; i++) {
			const check = await call('Check_Video', { job_id: pending.job_id });
			times.push(check.ms);
			expect(check.ms).toBeLessThan(TOOL_WAIT_MS + 10_000);
			[answer] = check.items;
			expect(answer.job_id).toBe(pending.job_id);
		}
		expect(answer).toMatchObject({ status: 'succeeded', url: expect.stringContaining('/files/') });
		expect(videoCreates(/A lighthouse in a storm/)).toHaveLength(1);
		console.log(`Tool call times (s): ${times.map((ms) => (ms / 1000).toFixed(1)).join(', ')}`);
		const all = received.join('');
		expect(all).toContain(answer.url);
		expect(all).not.toContain(API_KEY);
	}, 300_000);
});
