'use strict';
/**
 * The node as an AI agent's tools, built and called as n8n builds them for its AI Agent and its
 * MCP Server Trigger (n8n-core's getInputConnectionData: the tool's name from the node's name,
 * its arguments from `$fromAI`, the JSON text the agent reads): a create operation answers
 * within its Tool Wait, with the links when the job is done by then, else with the job id and
 * how to check it; Get and Check take the job id from the agent and wait within the same bound.
 */
const { runAgent } = require('../support/run-agent');
const { generateVideo, checkVideo, call, useAgentTools } = require('../support/agent-tools');

const { ref, creds, creates } = useAgentTools();

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
