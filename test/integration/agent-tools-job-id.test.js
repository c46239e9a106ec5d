'use strict';
/**
 * Check, Get and Download as tools: each takes the job id from the agent and answers within its
 * Tool Wait.
 */
const { runAgent } = require('../support/run-agent');
const {
	generateVideo,
	checkVideo,
	getVideo,
	downloadVideo,
	call,
	generateThen,
	useAgentTools,
} = require('../support/agent-tools');

const { ref, creds, creates, withTools } = useAgentTools();

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
