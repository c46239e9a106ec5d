'use strict';
/** The node's tools in node version 3: new nodes, the model from a resource locator. */
const { runAgent } = require('../support/run-agent');
const { tool, call, useAgentTools } = require('../support/agent-tools');

const { creds, creates } = useAgentTools();

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
