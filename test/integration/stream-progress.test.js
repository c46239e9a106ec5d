'use strict';
/**
 * Stream Progress in a run that streams (a Chat Trigger's or a streaming Webhook's): the chunks
 * each node sends, through n8n-core's own execute context and lifecycle hooks.
 */
const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { runAgent } = require('../support/run-agent');
const { mediaNode, TOOL_TYPE } = require('../support/built-node');

const API_KEY = 'test-key-alice';
const ref = useFakeService({ timing: { queueMs: 300, imageMs: 400, videoMs: 1200 } });
const FAST = { pollIntervalSeconds: 0.5 };

/** Runs one node; `stream` as runWorkflow takes it, or the chunks collected when `true`. */
async function run(resource, params, { items, stream = true, extra, onStart } = {}) {
	const chunks = [];
	const started = Date.now();
	const onChunk = (c) => chunks.push({ ...c, at: Date.now() - started, when: Date.now() });
	const node = mediaNode('Media', { resource, operation: 'generate', ...params }, extra);
	const r = await runWorkflow({
		nodes: [node],
		items,
		credentials: { apiKey: API_KEY, baseUrl: ref.svc.apiUrl },
		stream: stream === true ? { onChunk } : stream && { ...stream, onChunk },
		onStart,
	});
	const lines = chunks.filter((c) => c.type === 'item').map((c) => c.content);
	return { ...nodeResult(r, 'Media'), chunks, lines };
}

/** An item's fields that differ between two runs of the same workflow. */
const settled = (items) =>
	items.map((i) => {
		const json = Object.fromEntries(Object.entries(i.json).filter(([k]) => !/_id$|^url/.test(k)));
		return { json, binary: Object.keys(i.binary ?? {}), pairedItem: i.pairedItem };
	});

const video = { prompt: 'a lighthouse at dawn', model: 'motion-fast', options: FAST };

describe('Stream Progress', () => {
	test('one video: begin, created, queued, processing, the file with its link, end, as they happen', async () => {
		const { items, chunks, lines } = await run('video', video);
		const id = items[0].json.job_id;
		expect(chunks.map((c) => c.type)).toEqual(['begin', ...lines.map(() => 'item'), 'end']);
		for (const c of chunks) expect(c.metadata).toMatchObject({ nodeName: 'Media', itemIndex: 0 });
		expect(lines.every((l) => /^[^\n]+\n\n$/.test(l))).toBe(true);
		expect(lines[0]).toMatch(new RegExp(`^Video job ${id} created \\(motion-fast, text`));
		expect(lines).toContain(`Video job ${id} is processing.\n\n`);
		const { fileName, fileSize } = items[0].binary.data;
		expect(lines.at(-1)).toBe(
			`Video ready: [${fileName}](${items[0].json.url}), ${fileSize} (link valid 24 hours).\n\n`,
		);
		// the created line goes out when the job is made, long before the video is ready
		const [created, ready] = [chunks[1], chunks.at(-2)];
		expect(ready.at - created.at).toBeGreaterThan(1000);
		expect(JSON.stringify(chunks)).not.toContain(API_KEY);
	});

	test('a run that does not stream, and Stream Progress off, send nothing and output the same items', async () => {
		const streamed = await run('video', video);
		const plain = await run('video', video, { stream: { enabled: false } });
		const off = await run('video', { ...video, options: { ...FAST, streamProgress: false } });
		expect(plain.chunks).toEqual([]);
		expect(off.chunks).toEqual([]);
		expect(settled(plain.items)).toEqual(settled(streamed.items));
		expect(settled(off.items)).toEqual(settled(streamed.items));
	});

	test('a batch of 10 images with one failing (Continue On Fail): a compact account naming it', async () => {
		const prompts = Array.from({ length: 10 }, (_, i) => `cat ${i}${i === 4 ? ' [fail]' : ''}`);
		const { items, lines, chunks } = await run(
			'image',
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{ items: prompts.map((p) => ({ json: { p } })), extra: { onError: 'continueRegularOutput' } },
		);
		expect(items.map((i) => i.pairedItem.item)).toEqual([...Array(10).keys()]);
		expect(chunks.filter((c) => c.type === 'begin')).toHaveLength(1);
		expect(chunks.filter((c) => c.type === 'end')).toHaveLength(1);
		expect(lines.length).toBeLessThanOrEqual(40);
		expect(lines[0]).toBe('Creating 10 image jobs.\n\n');
		const failed = lines.filter((l) => l.startsWith('Item 4: '));
		expect(failed).toEqual([`Item 4: ${items[4].json.error}\n\n`]);
		expect(lines.filter((l) => / of 10 images ready: /.test(l))).toHaveLength(9);
		expect(lines.at(-1)).toMatch(/^Done: 9 of 10 images ready, 1 failed\./);
	});

	test('Wait for Completion off: the node answers at once and streams nothing', async () => {
		const { items, chunks } = await run('video', { ...video, waitForCompletion: false });
		expect(items[0].json.status).toBe('queued');
		expect(chunks).toEqual([]);
	});

	test('a cancelled run sends nothing more once it is cancelled', async () => {
		let cancelledAt;
		const { chunks } = await run('video', video, {
			onStart: (cancel) =>
				setTimeout(() => {
					cancelledAt = Date.now();
					cancel();
				}, 700),
		});
		// n8n itself reports the node's error (its description) in an `error` chunk
		const ours = chunks.filter((c) => c.type !== 'error');
		expect(ours.length).toBeGreaterThan(1);
		expect(ours.every((c) => c.when <= cancelledAt)).toBe(true);
		expect(ours.some((c) => c.type === 'end')).toBe(false);
	});

	test('Download: the job done, then its file with the link', async () => {
		const made = await run('video', video, { stream: false });
		const jobId = made.items[0].json.job_id;
		const { items, lines } = await run('video', { operation: 'download', jobId });
		expect(lines).toEqual([
			`Video job ${jobId} is done; downloading.\n\n`,
			expect.stringContaining(`Video ready: [${items[0].binary.data.fileName}](`),
		]);
	});

	test("as an agent's tool the answer is unchanged, and the run does not fail", async () => {
		const chunks = [];
		const tool = mediaNode(
			'Make Video',
			{
				resource: 'video',
				operation: 'generate',
				prompt: "={{ $fromAI('prompt') }}",
				model: 'motion-fast',
			},
			{ type: TOOL_TYPE, typeVersion: 2 },
		);
		const { result, error } = await runAgent({
			tools: [tool],
			credentials: { apiKey: API_KEY, baseUrl: ref.svc.apiUrl },
			stream: { onChunk: (c) => chunks.push(c) },
			script: async (tools) => JSON.parse(await tools.Make_Video.invoke({ prompt: 'a boat' })),
		});
		expect(error).toBeUndefined();
		expect(result).toEqual([
			expect.objectContaining({ status: 'succeeded', url: expect.any(String) }),
		]);
		// where n8n runs the tool with streaming, its lines come from the tool's node
		for (const c of chunks) expect(c.metadata.nodeName).toBe('Make Video');
	});
});
