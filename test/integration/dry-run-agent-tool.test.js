'use strict';
/** Dry Run as an AI agent tool: the estimate is the tool's answer, and nothing is created. */
const { useFakeService } = require('../support/fake');
const { costRunner, pricyVideo, TOOL } = require('../support/run-cost');
const { runAgent } = require('../support/run-agent');
const { mediaNode } = require('../support/built-node');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const { run, counted, creds } = costRunner(ref);

describe('a dry run as an AI agent tool', () => {
	test('a dry run answers with the estimate and creates nothing', async () => {
		const result = await counted(() =>
			run(pricyVideo({ dryRun: true }), { extra: { type: TOOL } }),
		);
		expect(result.creates).toBe(0);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			dry_run: true,
			estimated_credits: 120,
			model: 'cinema-pro',
			resolution: '4k',
			duration: 10,
		});
	});

	test("an agent calling the tool reads the estimate as the tool's answer", async () => {
		const node = mediaNode(
			'Price Video',
			{
				...pricyVideo({ dryRun: true }),
				prompt: "={{ $fromAI('prompt', 'What the video shows', 'string') }}",
			},
			{ type: TOOL, typeVersion: 3 },
		);
		const before = ref.svc.received().create;
		const { result, error } = await runAgent({
			tools: [node],
			credentials: creds(),
			script: async (tools) => JSON.parse(await tools.Price_Video.invoke({ prompt: 'A fox' })),
		});
		expect(error).toBeUndefined();
		expect(result).toEqual([
			expect.objectContaining({ dry_run: true, estimated_credits: 120, model: 'cinema-pro' }),
		]);
		expect(ref.svc.received().create).toBe(before);
	});
});
