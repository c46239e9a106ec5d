'use strict';
const { useFakeService } = require('../support/fake');

const ref = useFakeService();
const chatUrl = () => ref.svc.apiUrl.replace(/\/v1$/, '/openai/v1');

async function chat(body) {
	const response = await fetch(`${chatUrl()}/chat/completions`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-test' },
		body: JSON.stringify({ model: 'gpt-5-mini', ...body }),
	});
	return { status: response.status, text: await response.text() };
}

const TOOL = {
	type: 'function',
	function: {
		name: 'Generate_Image',
		parameters: {
			type: 'object',
			properties: { prompt: { type: 'string' }, count: { type: 'number' } },
		},
	},
};

describe('fake service: the scripted chat endpoint that stands in for an AI model', () => {
	test('without tools it writes a two-speaker JSON script about the topic', async () => {
		const { status, text } = await chat({
			messages: [
				{ role: 'system', content: 'Write JSON' },
				{ role: 'user', content: 'A show about: bees.' },
			],
		});
		expect(status).toBe(200);
		const body = JSON.parse(text);
		expect(body.object).toBe('chat.completion');
		const script = JSON.parse(body.choices[0].message.content);
		expect(script.map((s) => s.speaker)).toEqual(['host', 'guest', 'host', 'guest']);
		expect(script[0].text).toContain('bees');
		expect(ref.svc.state.chatRequests).toHaveLength(1);
	});

	test('with tools it calls the first one, then answers with the links from its result', async () => {
		const user = { role: 'user', content: 'A cat on a sofa' };
		const first = JSON.parse((await chat({ messages: [user], tools: [TOOL] })).text);
		const call = first.choices[0].message.tool_calls[0];
		expect(first.choices[0].finish_reason).toBe('tool_calls');
		expect(call.function.name).toBe('Generate_Image');
		expect(JSON.parse(call.function.arguments)).toEqual({ prompt: 'A cat on a sofa', count: 1 });
		const result = {
			role: 'tool',
			tool_call_id: call.id,
			content: '[{"url":"http://files.test/a.png","job_id":"1"}]',
		};
		const second = JSON.parse(
			(await chat({ messages: [user, first.choices[0].message, result], tools: [TOOL] })).text,
		);
		expect(second.choices[0].message.content).toBe('Here is the result:\nhttp://files.test/a.png');
	});

	test('a job still running: it calls the tool that takes job_id with its id, then answers with the link', async () => {
		const check = {
			type: 'function',
			function: {
				name: 'Check_Video',
				parameters: { type: 'object', properties: { job_id: { type: 'string' } } },
			},
		};
		const tools = [check, TOOL];
		const user = { role: 'user', content: 'A fox in the snow' };
		const first = JSON.parse((await chat({ messages: [user], tools })).text).choices[0].message;
		expect(first.tool_calls[0].function.name).toBe('Generate_Image');
		const pending = {
			role: 'tool',
			tool_call_id: first.tool_calls[0].id,
			content: JSON.stringify(JSON.stringify([{ job_id: 'job-1', status: 'processing' }])),
		};
		const messages = [user, first, pending];
		const second = JSON.parse((await chat({ messages, tools })).text).choices[0].message;
		expect(second.tool_calls[0].function).toEqual({
			name: 'Check_Video',
			arguments: JSON.stringify({ job_id: 'job-1' }),
		});
		const done = {
			role: 'tool',
			tool_call_id: second.tool_calls[0].id,
			content: '[{"job_id":"job-1","status":"succeeded","url":"http://files.test/v.mp4"}]',
		};
		const third = JSON.parse((await chat({ messages: [...messages, second, done], tools })).text);
		expect(third.choices[0].message.content).toBe('Here is the result:\nhttp://files.test/v.mp4');
	});

	test('streams the same answer as server-sent events when asked', async () => {
		const { text } = await chat({
			stream: true,
			messages: [{ role: 'user', content: 'x' }],
			tools: [TOOL],
		});
		const events = text
			.trim()
			.split('\n\n')
			.map((e) => e.replace(/^data: /, ''));
		expect(events.at(-1)).toBe('[DONE]');
		const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
		expect(
			chunks.some((c) => c.choices[0].delta.tool_calls?.[0].function.name === 'Generate_Image'),
		).toBe(true);
		expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
	});

	test('lists one model and answers 404 elsewhere', async () => {
		const models = await (await fetch(`${chatUrl()}/models`)).json();
		expect(models.data.map((m) => m.id)).toEqual(['fake-chat-1']);
		expect((await fetch(`${chatUrl()}/embeddings`, { method: 'POST', body: '{}' })).status).toBe(
			404,
		);
	});
});
