'use strict';
/**
 * A scripted stand-in for an OpenAI-compatible chat completions endpoint, so that the example
 * workflows with an AI step (a script writer, an agent using the Media Generation tool) run
 * without an outside service. It is not a language model; it answers by simple rules:
 *
 * - with tools offered and no tool result yet: it calls the first tool that takes no `job_id`,
 *   filling each string argument with the user's message;
 * - with links in a tool result: it answers with those links;
 * - with a job still running in the last tool result (a `job_id`, no link) and a tool that takes
 *   `job_id`: it calls that tool with the job's id (generate, then check until done);
 * - with a tool result and nothing of the above: it says that the tool returned no link;
 * - otherwise: it writes a short two-speaker podcast script about the user's message, as a JSON
 *   array of {speaker: "host" | "guest", text}.
 *
 * Served under /openai/v1 (POST /chat/completions, GET /models), with or without streaming.
 */

const MODEL = 'fake-chat-1';

function lastUserText(messages) {
	for (let i = messages.length - 1; i >= 0; i--) {
		const m = messages[i];
		if (m.role === 'user' || m.role === 'human') return textOf(m.content);
	}
	return '';
}

function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((p) => (typeof p === 'string' ? p : (p.text ?? ''))).join(' ');
	return '';
}

function scriptAbout(topic) {
	const subject =
		topic
			.replace(/^[^]*\babout:\s*/i, '')
			.replace(/\s+/g, ' ')
			.trim()
			.replace(/[.!?]+$/, '')
			.slice(0, 200) || 'automation';
	return [
		{ speaker: 'host', text: `Welcome back to the show. Today we talk about ${subject}.` },
		{
			speaker: 'guest',
			text: 'Thanks for having me. It is a topic that matters to a lot of teams right now.',
		},
		{ speaker: 'host', text: 'What is the one thing listeners should try this week?' },
		{
			speaker: 'guest',
			text: 'Start small: automate one repetitive step, measure it, then build on it.',
		},
	];
}

const takesJobId = (tool) => 'job_id' in (tool.function?.parameters?.properties ?? {});

/** The job a tool result names, when it has no link yet (a job still running). */
function pendingJobId(text) {
	// the result may arrive JSON-encoded once more (quotes escaped)
	return /\\?"job_id\\?"\s*:\s*\\?"([\w-]+)/.exec(text)?.[1];
}

function toolCall(tool, args) {
	const call = {
		id: `call_${Date.now().toString(36)}`,
		type: 'function',
		function: { name: tool.function.name, arguments: JSON.stringify(args) },
	};
	return {
		message: { role: 'assistant', content: null, tool_calls: [call] },
		finish: 'tool_calls',
	};
}

function argumentsFor(tool, text) {
	const props = tool.function?.parameters?.properties ?? {};
	const args = {};
	for (const [name, schema] of Object.entries(props)) {
		const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
		if (type === 'number' || type === 'integer') args[name] = 1;
		else if (type === 'boolean') args[name] = false;
		else if (type === 'object') args[name] = {};
		else if (type === 'array') args[name] = [];
		else args[name] = text;
	}
	return args;
}

/** The assistant message the rules above give for one request. */
function reply(body) {
	const messages = Array.isArray(body.messages) ? body.messages : [];
	const tools = Array.isArray(body.tools) ? body.tools : [];
	const toolResults = messages.filter((m) => m.role === 'tool');
	if (toolResults.length) {
		const urls = toolResults.flatMap(
			(m) => textOf(m.content).match(/https?:\/\/[^\s"'\\<>)\]]+/g) ?? [],
		);
		if (urls.length) {
			const content = `Here is the result:\n${[...new Set(urls)].join('\n')}`;
			return { message: { role: 'assistant', content }, finish: 'stop' };
		}
		const jobId = pendingJobId(textOf(toolResults.at(-1).content));
		const checker = tools.find(takesJobId);
		if (jobId && checker) return toolCall(checker, { job_id: jobId });
		return {
			message: { role: 'assistant', content: 'The tool returned no link.' },
			finish: 'stop',
		};
	}
	if (tools.length) {
		const tool = tools.find((t) => !takesJobId(t)) ?? tools[0];
		return toolCall(tool, argumentsFor(tool, lastUserText(messages)));
	}
	return {
		message: {
			role: 'assistant',
			content: JSON.stringify(scriptAbout(lastUserText(messages)), null, 2),
		},
		finish: 'stop',
	};
}

function completion(body) {
	const { message, finish } = reply(body);
	const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
	const base = {
		id: `chatcmpl-${Date.now().toString(36)}`,
		created: Math.floor(Date.now() / 1000),
		model: body.model ?? MODEL,
	};
	return { base, message, finish, usage };
}

/** Answers one request under /openai/v1. Returns false when the path is not one of its own. */
function handleChat(req, res, path, body) {
	if (req.method === 'GET' && path === '/models') {
		sendJson(res, 200, {
			object: 'list',
			data: [{ id: MODEL, object: 'model', created: 0, owned_by: 'fake' }],
		});
		return true;
	}
	if (req.method !== 'POST' || path !== '/chat/completions') return false;
	const { base, message, finish, usage } = completion(body ?? {});
	if (!body?.stream) {
		sendJson(res, 200, {
			...base,
			object: 'chat.completion',
			choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
			usage,
		});
		return true;
	}
	res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
	const chunk = (delta, finishReason, extra = {}) =>
		res.write(
			`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
		);
	chunk({ role: 'assistant', content: message.content ?? '' }, null);
	if (message.tool_calls)
		chunk({ tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }, null);
	chunk({}, finish, body.stream_options?.include_usage ? { usage } : {});
	res.end('data: [DONE]\n\n');
	return true;
}

function sendJson(res, status, body) {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
	});
	res.end(text);
}

module.exports = { handleChat, reply, scriptAbout, MODEL };
