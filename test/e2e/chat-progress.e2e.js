'use strict';
/**
 * The chat example (examples/chat-video-with-progress.json) in the real n8n: `n8n start`, the
 * workflow activated as it is, and a message sent to its public chat URL as n8n's chat widget
 * sends it. The streamed answer is read line by line as it arrives: the node's progress while
 * the video job runs, then the video's link. Runs in the compatibility matrix on every release.
 * Then the node as an AI Agent's tool behind the same kind of chat (the agent example's tools).
 */
const { randomUUID } = require('node:crypto');
const { startFakeService } = require('../../harness/fake-service/server');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { N8nInstance } = require('../../harness/n8n-cli');
const { loadExamples, fakeServiceCredentials, withParameters } = require('../../harness/examples');
const { openChats, streamedLines } = require('../../harness/chat-stream');

const API_KEY = 'test-key-alice';
const NODE = 'Generate Video';
/** a job long enough to be seen queued, then processing, for several seconds */
const TIMING = { queueMs: 1500, videoMs: 8000 };

const example = loadExamples()['chat-video-with-progress'];
/** the same workflow with Stream Progress off, behind a chat URL of its own */
const quiet = withParameters(example, NODE, (p) => ({
	...p,
	options: { ...p.options, streamProgress: false },
}));
quiet.name = `${example.name} (Stream Progress off)`;
quiet.nodes.find((n) => n.webhookId).webhookId = randomUUID();

/** The agent example's AI Agent and its Generate Video and Check Video tools, behind this chat. */
function agentChat() {
	const agent = loadExamples()['ai-agent-video-tools-mcp'];
	const keep = ['AI Agent', 'OpenAI Chat Model', NODE, 'Check Video'];
	const trigger = structuredClone(example.nodes.find((n) => n.webhookId));
	trigger.webhookId = randomUUID();
	const connections = {
		[trigger.name]: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
	};
	for (const name of keep.slice(1)) {
		const [type, [targets]] = Object.entries(agent.connections[name])[0];
		connections[name] = { [type]: [targets.filter((t) => t.node === 'AI Agent')] };
	}
	const nodes = [trigger, ...agent.nodes.filter((n) => keep.includes(n.name))];
	return { ...agent, name: 'A video from a chat, by an agent', nodes, connections };
}

let svc;
let n8n;
/** the chats: the example (0), its quiet copy (1) and the agent's (2) */
let chats;

/** The one video job the service made for a prompt. */
function jobFor(prompt) {
	const jobs = [...svc.state.jobs.values()].filter((j) => j.request?.prompt === prompt);
	expect(jobs).toHaveLength(1);
	return jobs[0];
}

/** Whether a line names the job: a hex token of 4 or more that starts the job's id. */
const namesJob = (line, job) =>
	(line.match(/[0-9a-f]{4,}/g) ?? []).some((token) => job.id.startsWith(token));

/** A chat message of its own, so that its job is told apart from the others. */
const message = (text) => ({ sessionId: randomUUID(), chatInput: `${text} (${randomUUID()})` });

beforeAll(async () => {
	svc = await startFakeService({ timing: TIMING });
	n8n = new N8nInstance().installPackage();
	await n8n.importCredentials(fakeServiceCredentials(svc, API_KEY, 'sk-chat'));
	const workflows = [example, quiet, agentChat()];
	const ids = await n8n.importWorkflows(workflows);
	chats = await openChats(
		n8n,
		workflows.map((workflow, i) => ({ id: ids[i], workflow })),
	);
}, 240_000);

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

test('a chat message: begin, the job created, queued or processing, the video link, end, each line as it happens', async () => {
	const sent = message('A paper boat drifting down a rainy street at dusk');
	const { status, contentType, chunks, text, execution } = await chats.chat(0, sent);
	expect(status).toBe(200);
	expect(contentType).toMatch(/json/);
	expect(text).not.toContain(API_KEY);
	const job = jobFor(sent.chatInput);

	// one begin, the node's lines, one end: all from the node, for its only item; never an error
	const types = chunks.map((c) => c.type);
	expect(types[0]).toBe('begin');
	expect(types.at(-1)).toBe('end');
	expect(new Set(types.slice(1, -1))).toEqual(new Set(['item']));
	for (const chunk of chunks)
		expect(chunk.metadata).toMatchObject({ nodeName: NODE, itemIndex: 0 });

	const lines = streamedLines(chunks);
	if (process.env.E2E_DEBUG)
		console.log(
			lines.map((l) => `${((l.receivedAt - job.createdAt) / 1000).toFixed(1)} s  ${l.line}`),
		);
	const created = lines.findIndex((l) => /created/i.test(l.line) && namesJob(l.line, job));
	const state = lines.findIndex((l) => /queued|processing/i.test(l.line));
	const result = lines.findIndex((l) => l.line.includes(`${svc.filesOrigin}/files/`));
	const seen = lines.map((l) => l.line).join('\n');
	expect({ created, state, result, seen }).toMatchObject({
		created: 0,
		state: expect.any(Number),
		result: lines.length - 1,
	});
	expect(state).toBeGreaterThan(created);
	expect(result).toBeGreaterThan(state);
	expect(namesJob(lines[state].line, job)).toBe(true);

	// the lines came while the job ran, the link once it was done
	expect(lines[created].receivedAt).toBeLessThan(job.endsAt);
	expect(lines[state].receivedAt).toBeLessThan(job.endsAt);
	expect(lines[result].receivedAt).toBeGreaterThanOrEqual(job.endsAt);

	// the link is the service's own result link, and it serves the video
	const link = /https?:\/\/[^\s),]+/.exec(lines[result].line)[0].replace(/\.$/, '');
	expect(link).toContain(`video-${job.id.slice(0, 8)}-0.mp4`);
	const video = await fetch(link);
	expect(video.status).toBe(200);
	expect(readMp4(Buffer.from(await video.arrayBuffer()))).toMatchObject({ hasVideo: true });

	expect(execution.status).toBe('success');
});

test('Stream Progress off: the video is made, and the chat gets nothing from the node', async () => {
	const sent = message('A kite over the dunes');
	const { status, chunks, text, execution } = await chats.chat(1, sent);
	expect(status).toBe(200);
	expect(text).not.toContain(API_KEY);
	expect(chunks.filter((c) => c.metadata?.nodeName === NODE)).toEqual([]);
	expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
	expect(jobFor(sent.chatInput).request.prompt).toBe(sent.chatInput);
	expect(execution.status).toBe('success');
});

test("as an AI Agent's tool: the tool's progress in the chat, then the agent's answer with the link", async () => {
	const sent = message('A lighthouse at dawn, waves below');
	const { status, chunks, text, execution } = await chats.chat(2, sent);
	expect(status).toBe(200);
	expect(text).not.toContain(API_KEY);
	expect(execution.status).toBe('success');
	const job = jobFor(sent.chatInput);

	// the agent's and the tool's messages follow each other: a begin only once the last one ended
	expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
	let open = null;
	for (const { type, metadata } of chunks.filter((c) => c.type !== 'keepalive')) {
		const node = metadata?.nodeName;
		expect({ type, node, open }).toMatchObject(type === 'begin' ? { open: null } : { open: node });
		if (type === 'begin') open = node;
		if (type === 'end') open = null;
	}
	expect(open).toBeNull();

	const lines = streamedLines(chunks);
	const tool = lines.filter((l) => l.node === NODE).map((l) => l.line);
	expect(tool.length).toBeGreaterThanOrEqual(2);
	expect(/created/i.test(tool[0]) && namesJob(tool[0], job)).toBe(true);
	const video = `video-${job.id.slice(0, 8)}-0.mp4`;
	expect(tool.at(-1)).toContain(video);
	const answer = lines.filter((l) => l.node === 'AI Agent').map((l) => l.line);
	expect(answer.join('\n')).toContain(video);
});
