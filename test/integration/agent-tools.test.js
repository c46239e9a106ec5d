'use strict';
/**
 * The node as an AI agent's tools, built and called as n8n builds them for its AI Agent and its
 * MCP Server Trigger (n8n-core's getInputConnectionData: the tool's name from the node's name,
 * its arguments from `$fromAI`, the JSON text the agent reads): a create operation answers
 * within its Tool Wait, with the links when the job is done by then, else with the job id and
 * how to check it; Get and Check take the job id from the agent and wait within the same bound.
 */
const { useFakeService, jobsWithPrompt } = require('../support/fake');
const { runAgent } = require('../support/run-agent');
const { mediaNode, TOOL_TYPE } = require('../support/built-node');

/** Video jobs run as long as their prompt says ("[6s]"), else 1 s; images end at once. */
const ref = useFakeService({
	timing: {
		queueMs: 0,
		imageMs: 1,
		videoMs: (body) => Number(/\[(\d+(?:\.\d+)?)s\]/.exec(String(body.prompt))?.[1] ?? 1) * 1000,
	},
});
const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

function tool(name, parameters, typeVersion = 2) {
	return mediaNode(name, parameters, { type: TOOL_TYPE, typeVersion });
}

const generateVideo = (extra = {}) =>
	tool('Generate Video', {
		resource: 'video',
		operation: 'generate',
		prompt: "={{ $fromAI('prompt', 'What the video shows', 'string') }}",
		model: 'motion-fast',
		duration: 5,
		...extra,
	});
const checkVideo = (extra = {}) =>
	tool('Check Video', { resource: 'video', operation: 'check', ...extra });
const getVideo = (extra = {}) =>
	tool('Get Video', { resource: 'video', operation: 'get', ...extra });
const downloadVideo = (extra = {}) =>
	tool('Download Video', { resource: 'video', operation: 'download', ...extra });

/** Calls a tool and reads its answer as the agent does (JSON text: the output items' JSON). */
async function call(tools, name, args) {
	const started = Date.now();
	const text = await tools[name].invoke(args);
	return { answer: JSON.parse(text), text, ms: Date.now() - started };
}

const creates = (re) => jobsWithPrompt(ref.svc, re).length;

/** The answer of an agent's run of `script` with these tools; the run itself must not fail. */
async function withTools(tools, script) {
	const { result, error } = await runAgent({ tools, credentials: creds(), script });
	expect(error).toBeUndefined();
	return result;
}

/** Generate_Video with `prompt`, then the tool `name` with its job_id: the second call's answer. */
async function generateThen(tools, prompt, name) {
	const first = await call(tools, 'Generate_Video', { prompt });
	return await call(tools, name, { job_id: first.answer[0].job_id });
}

describe('a create operation as a tool waits at most its Tool Wait', () => {
	test('a job longer than the bound: the answer comes within it, with job_id, status, created_at, a rough wait and what to do next', async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 1 }), checkVideo()],
			credentials: creds(),
			script: async (tools) => await call(tools, 'Generate_Video', { prompt: 'A fox [8s]' }),
		});
		expect(error).toBeUndefined();
		const { answer, ms } = result;
		// within the 1 s Tool Wait plus the call's own work, and long before the 8 s job ends (the
		// bound leaves room for a loaded machine; a node that waited for the job fails it)
		expect(ms).toBeLessThan(5000);
		expect(answer).toHaveLength(1);
		const [job] = answer;
		expect(job).toMatchObject({
			job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			status: expect.stringMatching(/^(queued|processing)$/),
			created_at: expect.any(String),
			expected_wait_seconds: expect.any(Number),
		});
		expect(Date.now() - Date.parse(job.created_at)).toBeLessThan(8000);
		expect(job.next_step).toContain('Check_Video');
		expect(job.next_step).toContain(job.job_id);
		expect(job.url).toBeUndefined();
		// the job goes on at the service
		expect(ref.svc.state.jobs.get(job.job_id)).toBeDefined();
		expect(creates(/A fox \[8s\]/)).toBe(1);
	});

	test('a job done within the bound is answered with its links in one call', async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 10 }), checkVideo()],
			credentials: creds(),
			script: async (tools) => await call(tools, 'Generate_Video', { prompt: 'A heron [1s]' }),
		});
		expect(error).toBeUndefined();
		const [video] = result.answer;
		expect(video).toMatchObject({
			status: 'succeeded',
			url: expect.stringContaining('/files/'),
			url_expires_at: expect.any(String),
		});
		expect(video.next_step).toBeUndefined();
		expect(result.ms).toBeLessThan(5000);
	});

	test('generate, then check with the job id: the check returns the links as soon as the job ends, and nothing is created twice', async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 1 }), checkVideo({ toolWaitSeconds: 10 })],
			credentials: creds(),
			script: async (tools) => {
				const first = await call(tools, 'Generate_Video', { prompt: 'An owl [3s]' });
				const second = await call(tools, 'Check_Video', { job_id: first.answer[0].job_id });
				return { first, second };
			},
		});
		expect(error).toBeUndefined();
		const jobId = result.first.answer[0].job_id;
		const [video] = result.second.answer;
		expect(video).toMatchObject({ job_id: jobId, status: 'succeeded', url: expect.any(String) });
		// the job takes 3 s from its creation; the check began about 1 s in
		expect(result.second.ms).toBeLessThan(4000);
		expect(creates(/An owl \[3s\]/)).toBe(1);
	});
});

describe('the rough time to wait', () => {
	test("comes from the kind and the video's length, then from this run's own earlier jobs of the same settings", async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 1, duration: 10 }), checkVideo()],
			credentials: creds(),
			script: async (tools) => {
				const first = await call(tools, 'Generate_Video', { prompt: 'A swan [3s]' });
				const done = await call(tools, 'Check_Video', { job_id: first.answer[0].job_id });
				const second = await call(tools, 'Generate_Video', { prompt: 'A goose [3s]' });
				return { first: first.answer[0], done: done.answer[0], second: second.answer[0] };
			},
		});
		expect(error).toBeUndefined();
		// a 10 s video: about two minutes, as nothing of the kind has run yet
		expect(result.first.expected_wait_seconds).toBeGreaterThan(100);
		expect(result.done.status).toBe('succeeded');
		// the first took about 3 s: the second, made the same way, is expected to take as long
		expect(result.second.expected_wait_seconds).toBeLessThanOrEqual(3);
		expect(result.second.next_step).toMatch(/expect about \d s more/);
	});
});

describe('Tool Wait', () => {
	test.each([
		[0, /Tool Wait must be between 1 and 3600 seconds, not 0/],
		['soon', /Tool Wait/],
		[7200, /Tool Wait must be between 1 and 3600 seconds, not 7200/],
	])('%p: the call fails naming the field, before any job is made', async (value, message) => {
		const before = ref.svc.state.jobs.size;
		const { result } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: value }), checkVideo()],
			credentials: creds(),
			script: async (tools) =>
				await tools.Generate_Video.invoke({ prompt: 'A hare [1s]' }).then(
					() => 'answered',
					(error) => error.message,
				),
		});
		expect(result).toMatch(message);
		expect(ref.svc.state.jobs.size).toBe(before);
	});
});

describe('node version 3 (new nodes, the model from a resource locator)', () => {
	test('the same: the job id within the bound, then the links from the check tool, one create', async () => {
		const v3 = (name, parameters) => tool(name, parameters, 3);
		const { result, error } = await runAgent({
			tools: [
				v3('Generate Video', {
					resource: 'video',
					operation: 'generate',
					prompt: "={{ $fromAI('prompt', 'What the video shows', 'string') }}",
					model: { __rl: true, mode: 'list', value: 'motion-fast' },
					duration: 5,
					toolWaitSeconds: 1,
				}),
				v3('Check Video', { resource: 'video', operation: 'check', toolWaitSeconds: 10 }),
			],
			credentials: creds(),
			script: async (tools) => {
				const first = await call(tools, 'Generate_Video', { prompt: 'A lynx [7s]' });
				const second = await call(tools, 'Check_Video', { job_id: first.answer[0].job_id });
				return { first: first.answer[0], second: second.answer[0], ms: first.ms };
			},
		});
		expect(error).toBeUndefined();
		// Tool Wait is 1 s; the 7 s job would keep a node that ignored it past this bound
		expect(result.ms).toBeLessThan(5000);
		expect(result.first.next_step).toContain('Check_Video');
		expect(result.second).toMatchObject({ status: 'succeeded', url: expect.any(String) });
		expect(creates(/A lynx \[7s\]/)).toBe(1);
	});
});

describe('Check and Get as tools take the job id from the agent and wait within the bound', () => {
	test('Check: a job still running after the bound is answered with its status and a call-again step', async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 1 }), checkVideo({ toolWaitSeconds: 1 })],
			credentials: creds(),
			script: async (tools) => await generateThen(tools, 'A deer [14s]', 'Check_Video'),
		});
		expect(error).toBeUndefined();
		const [job] = result.answer;
		expect(job.status).toMatch(/^(queued|processing)$/);
		expect(job.next_step).toContain('Check_Video');
		expect(job.url).toBeUndefined();
		// Check's Tool Wait is 1 s; the job runs 14 s from its creation
		expect(result.ms).toBeLessThan(5000);
		expect(creates(/A deer \[14s\]/)).toBe(1);
	});

	test('Get works the same way as a tool, its job id from the agent', async () => {
		const { result, error } = await runAgent({
			tools: [generateVideo({ toolWaitSeconds: 1 }), getVideo({ toolWaitSeconds: 10 })],
			credentials: creds(),
			script: async (tools) => await generateThen(tools, 'A crane [2s]', 'Get_Video'),
		});
		expect(error).toBeUndefined();
		expect(result.answer[0]).toMatchObject({ status: 'succeeded', url: expect.any(String) });
	});

	test("each tool's arguments: Generate takes the prompt, Check and Get the job_id", async () => {
		const { result } = await runAgent({
			tools: [generateVideo(), checkVideo(), getVideo()],
			credentials: creds(),
			script: async (tools) =>
				Object.fromEntries(
					Object.entries(tools).map(([name, t]) => [name, Object.keys(t.schema.shape)]),
				),
		});
		expect(result).toEqual({
			Generate_Video: ['prompt'],
			Check_Video: ['job_id'],
			Get_Video: ['job_id'],
		});
	});

	test("each tool's default description says what it does, what comes back and what to do next", async () => {
		const { result } = await runAgent({
			tools: [generateVideo(), checkVideo(), getVideo()],
			credentials: creds(),
			script: async (tools) =>
				Object.fromEntries(Object.entries(tools).map(([name, t]) => [name, t.description])),
		});
		const { Generate_Video: generate, Check_Video: check, Get_Video: get } = result;
		expect(generate).toMatch(/video/i);
		expect(generate).toMatch(/job_id/);
		expect(generate).toMatch(/url/);
		expect(generate).toMatch(/check/i);
		expect(check).toMatch(/job_id/);
		expect(check).not.toEqual(generate);
		expect(get).toEqual(check);
		for (const text of [generate, check]) expect(text).toMatch(/24 hours/);
	});
});

describe('Download as a tool answers within its Tool Wait', () => {
	test('a finished job: fresh links, no files, one create', async () => {
		const result = await withTools(
			[generateVideo({ toolWaitSeconds: 5 }), downloadVideo({ toolWaitSeconds: 2 })],
			async (tools) => await generateThen(tools, 'A stoat [1s]', 'Download_Video'),
		);
		expect(result.answer[0]).toMatchObject({ status: 'succeeded', url: expect.any(String) });
		expect(result.answer[0].binary).toBeUndefined();
		expect(creates(/A stoat \[1s\]/)).toBe(1);
	});

	test('the job endpoint refusing for longer than Tool Wait: the call fails within it, naming the job', async () => {
		const result = await withTools(
			[generateVideo({ toolWaitSeconds: 5 }), downloadVideo({ toolWaitSeconds: 1 })],
			async (tools) => {
				const first = await call(tools, 'Generate_Video', { prompt: 'A marten [1s]' });
				const jobId = first.answer[0].job_id;
				// without the bound, a read is tried five times: at least 5.6 s of waits between them
				ref.svc.faults.add({ route: 'GET /video/:id', kind: 'status', status: 503, forMs: 20_000 });
				const started = Date.now();
				const text = await tools.Download_Video.invoke({ job_id: jobId }).then(
					(answer) => answer,
					(failure) => failure.message,
				);
				ref.svc.faults.clear();
				return { jobId, text, ms: Date.now() - started };
			},
		);
		expect(result.text).toContain(result.jobId);
		expect(result.ms).toBeLessThan(4500);
	});
});
