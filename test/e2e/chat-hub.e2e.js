'use strict';
/**
 * The chat example (examples/chat-video-with-progress.json) as a workflow agent of n8n's Chat Hub,
 * with no licence: its Chat Trigger "available in Chat", the workflow active, Chat Hub switched
 * on by the owner (PUT /rest/chat/enabled). A message sent through Chat Hub
 * (POST /rest/chat/conversations/send) runs the workflow; Chat Hub's answer comes over n8n's push
 * connection (server-sent events here), and the conversation is read back as the Chat Hub page
 * reads it. Chat Hub shows each node's streamed run as one message and marks it failed on an
 * `error` chunk or a second `begin` before an `end`: the node's message must hold its progress
 * lines and end well. Runs in the compatibility matrix; n8n 1.x has no such Chat Hub.
 */
const fs = require('node:fs');
const { randomUUID } = require('node:crypto');
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance, runtimePath } = require('../../harness/n8n-cli');
const { loadExamples, fakeServiceCredentials, withParameters } = require('../../harness/examples');
const { openChats } = require('../../harness/chat-stream');
const { streamedRecords } = require('../../harness/stream-client');
const { now } = require('../../harness/clock');
const { until } = require('../../harness/wait');

const release = require('../../harness/n8n-releases/release').current();

/**
 * Whether the release has the Chat Hub of n8n 2.x, which pushes its answers to the browser. n8n
 * 1.123 has an experimental module of that name, off by default, answering in the HTTP response.
 */
const hasChatHub = fs.existsSync(runtimePath('n8n/dist/modules/chat-hub/chat-stream.service.js'));
const describeChatHub = hasChatHub ? describe : describe.skip;
const title = hasChatHub
	? `n8n ${release.version}: the chat example in Chat Hub`
	: `n8n ${release.version}: skipped, this release has no Chat Hub (no chat-hub/chat-stream.service.js)`;

const API_KEY = 'test-key-alice';
const TRIGGER = 'When chat message received';
/** a short job, seen queued or processing by the node's polls before it ends */
const TIMING = { queueMs: 1000, videoMs: 4000 };

/** The example, offered in Chat Hub. */
const workflow = withParameters(loadExamples()['chat-video-with-progress'], TRIGGER, {
	availableInChat: true,
});

/**
 * n8n's push connection as the editor opens it, with the server-sent events backend: the
 * messages it pushes to the owner, each with its arrival time, until closed.
 */
async function openPush(rest) {
	const stop = new AbortController();
	const res = await fetch(`${rest.baseUrl}/rest/push?pushRef=${randomUUID()}`, {
		headers: { cookie: rest.cookie, origin: rest.baseUrl },
		signal: stop.signal,
	});
	if (!res.ok) throw new Error(`The push connection answered ${res.status}`);
	const pushed = { messages: [], text: '' };
	const reading = (async () => {
		for await (const read of streamedRecords(res.body, '\n\n')) {
			pushed.text += read.text;
			for (const event of read.records.filter((e) => e.startsWith('data: ')))
				pushed.messages.push({ receivedAt: now(), ...JSON.parse(event.slice(6)) });
		}
	})().catch(() => undefined);
	pushed.close = async () => (stop.abort(), await reading);
	return pushed;
}

describeChatHub(title, () => {
	let svc;
	let n8n;
	let rest;
	let workflowId;

	beforeAll(async () => {
		svc = await startFakeService({ timing: TIMING });
		n8n = new N8nInstance({ env: { N8N_PUSH_BACKEND: 'sse' } }).installPackage();
		await n8n.importCredentials(fakeServiceCredentials(svc, API_KEY, 'sk-chat'));
		[workflowId] = await n8n.importWorkflows([workflow]);
		({ rest } = await openChats(n8n, [{ id: workflowId, workflow }]));
		await rest.request('PUT', '/rest/chat/enabled', { enabled: true });
	}, 240_000);

	afterAll(async () => {
		await n8n?.stop();
		await svc?.stop();
	});

	test('Chat Hub offers the workflow as an agent', async () => {
		const models = await rest.request('POST', '/rest/chat/models', { credentials: {} });
		const agents = models.n8n.models.map((m) => m.model);
		expect(agents).toContainEqual({ provider: 'n8n', workflowId });
	});

	test("a message: the node's progress lines in one message, in order, never an error", async () => {
		const push = await openPush(rest);
		const sessionId = randomUUID();
		const prompt = `A paper boat drifting down a rainy street at dusk (${randomUUID()})`;
		const sent = await rest.request('POST', '/rest/chat/conversations/send', {
			messageId: randomUUID(),
			sessionId,
			message: prompt,
			model: { provider: 'n8n', workflowId },
			previousMessageId: null,
			credentials: {},
			attachments: [],
		});
		expect(sent).toEqual({ status: 'streaming' });
		const ofSession = () => push.messages.filter((m) => m.data?.sessionId === sessionId);
		const ended = () => ofSession().find((m) => m.type === 'chatHubExecutionEnd');
		await until(ended, 'the Chat Hub run to end', {
			timeoutMs: 60_000,
			seen: () => JSON.stringify(ofSession().map((m) => m.type)),
		});
		await push.close();
		expect(push.text).not.toContain(API_KEY);

		// one message for the node: begin, its lines, a successful end, then the run's end
		const pushed = ofSession().filter((m) => m.type.startsWith('chatHubStream'));
		const types = pushed.map((m) => m.type);
		expect(types).not.toContain('chatHubStreamError');
		expect(types[0]).toBe('chatHubStreamBegin');
		expect(types.at(-1)).toBe('chatHubStreamEnd');
		expect(new Set(types.slice(1, -1))).toEqual(new Set(['chatHubStreamChunk']));
		const messageId = pushed[0].data.messageId;
		expect(pushed.every((m) => m.data.messageId === messageId)).toBe(true);
		expect(pushed.at(-1).data.status).toBe('success');
		expect(ended().data.status).toBe('success');

		// the lines as the node sent them: created, queued or processing, the video's link
		const [job] = [...svc.state.jobs.values()].filter((j) => j.request?.prompt === prompt);
		const chunks = pushed.filter((m) => m.type === 'chatHubStreamChunk');
		const lines = chunks.map((m) => m.data.content);
		const created = lines.findIndex((l) => /created/i.test(l) && l.includes(job.id.slice(0, 4)));
		const state = lines.findIndex((l) => /queued|processing/i.test(l));
		const link = lines.findIndex((l) => l.includes(`${svc.filesOrigin}/files/`));
		expect({ created, state, link, lines }).toMatchObject({ created: 0, link: lines.length - 1 });
		expect(state).toBeGreaterThan(created);
		expect(link).toBeGreaterThan(state);
		expect(lines[link]).toContain(`video-${job.id.slice(0, 8)}-0.mp4`);
		expect(chunks[state].receivedAt).toBeLessThan(job.endsAt);

		// the stored conversation: the human message, and the node's message, not marked failed
		const stored = await rest.request('GET', `/rest/chat/conversations/${sessionId}`);
		const text = JSON.stringify(stored);
		expect(text).not.toContain(API_KEY);
		const messages = Object.values(stored.conversation.messages);
		expect(messages.filter((m) => m.status === 'error')).toEqual([]);
		const answer = messages.find((m) => m.id === messageId);
		expect(answer).toMatchObject({ type: 'ai', status: 'success', workflowId });
		expect(answer.content.map((c) => c.content).join('')).toBe(lines.join(''));
	});
});
