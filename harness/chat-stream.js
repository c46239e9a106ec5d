'use strict';
/**
 * A chat client of n8n's Chat Trigger, as n8n's chat widget talks to it: a message POSTed to the
 * trigger's chat URL, and a streamed run's answer read as it arrives, one JSON object a line
 * (`begin`, `item`, `end`, `error`, and `keepalive` on n8n 2.40+). Used by the chat suite and the demo.
 */
const { until } = require('./wait');
const { N8nRest } = require('./n8n-rest');
const { freePort } = require('./ports');
const { streamPost } = require('./stream-client');

/** The chat URL of a workflow's Chat Trigger: `/webhook/<webhookId>/chat` (production). */
function chatUrl(base, workflow) {
	const trigger = workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	if (!trigger?.webhookId)
		throw new Error(`No Chat Trigger with a webhookId in "${workflow.name}"`);
	return `${base}/webhook/${trigger.webhookId}/chat`;
}

/**
 * Waits until an active workflow's public chat answers: its page (GET) once n8n has registered
 * the trigger's webhooks, a moment after the activation returns.
 */
async function waitForChat(url, timeoutMs = 30_000) {
	let last = 'no answer yet';
	const served = async () =>
		await fetch(url).then(
			(r) => ((last = `status ${r.status}`), r.ok),
			(error) => ((last = error.message), false),
		);
	await until(served, `the chat at ${url}`, { timeoutMs, intervalMs: 500, seen: () => last });
}

/**
 * A workflow's newest execution once n8n has saved its end (the chat's answer may end a moment
 * before), with its run data: `data.resultData.runData` by node name.
 */
async function finishedExecution(rest, workflowId, timeoutMs = 15_000) {
	const ended = async () => {
		const [newest] = await rest.executions(workflowId);
		return newest && !['new', 'running'].includes(newest.status) && newest;
	};
	const { id } = await until(ended, 'the execution to end', {
		timeoutMs,
		seen: () => rest.describeExecutions(workflowId),
	});
	return await rest.execution(id);
}

/**
 * Serves the chats of imported workflows: starts `n8n start` on a free port, sets up the owner
 * account, activates each workflow as it is and waits until its chat answers.
 * @param {import('./n8n-cli').N8nInstance} n8n
 * @param {{id: string, workflow: object}[]} workflows
 * @returns {Promise<{chat: Function, rest: N8nRest}>} `chat(index, message, options)`:
 *   sendChatMessage's answer from the index-th workflow's chat, with the execution it started (as
 *   N8nRest.execution reads it) once that has ended; `rest` the owner's REST client
 */
async function openChats(n8n, workflows) {
	const base = await n8n.start(await freePort());
	const rest = await (await new N8nRest(base).ready()).setupOwner();
	const urls = [];
	for (const { id, workflow } of workflows) {
		await rest.activate(id);
		urls.push(chatUrl(base, workflow));
		await waitForChat(urls.at(-1));
	}
	const chat = async (index, message, options) => {
		const answer = await sendChatMessage(urls[index], message, options);
		return { ...answer, execution: await finishedExecution(rest, workflows[index].id) };
	};
	return { chat, rest };
}

/**
 * Sends one message as the chat widget does and reads the answer to its end (streamPost's answer).
 * @param {string} url the chat URL
 * @param {{sessionId: string, chatInput: string}} message
 * @param {{onChunk?: (chunk: object) => void, timeoutMs?: number}} [options]
 */
async function sendChatMessage(url, message, { onChunk, timeoutMs = 120_000 } = {}) {
	return await streamPost(url, { action: 'sendMessage', ...message }, { onChunk, timeoutMs });
}

/**
 * The text lines a run streamed, in order: each `item` chunk's content split at its line ends,
 * with the chunk's node and arrival time.
 */
function streamedLines(chunks) {
	return chunks
		.filter((c) => c.type === 'item')
		.flatMap((c) =>
			String(c.content)
				.split('\n')
				.filter((line) => line.trim())
				.map((line) => ({ line, node: c.metadata?.nodeName, receivedAt: c.receivedAt })),
		);
}

module.exports = { openChats, streamedLines };
