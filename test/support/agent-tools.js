'use strict';
/**
 * What the agent tools tests share: a fake service whose video jobs run as long as their prompt
 * says, the node's tools as an agent gets them, and an agent's calls of them.
 */
const { useFakeService, jobsWithPrompt } = require('./fake');
const { runAgent } = require('./run-agent');
const { mediaNode, TOOL_TYPE } = require('./built-node');

function tool(name, parameters, typeVersion = 2) {
	return mediaNode(name, parameters, { type: TOOL_TYPE, typeVersion });
}

const generateVideo = (extra = {}) =>
	tool('Generate Video', {
		resource: 'video',
		operation: 'generate',
		prompt: "={{ $fromAI('prompt', 'What the video shows', 'string') }}",
		model: 'motion-fast',
		duration: 5,
		...extra,
	});
const checkVideo = (extra = {}) =>
	tool('Check Video', { resource: 'video', operation: 'check', ...extra });
const getVideo = (extra = {}) =>
	tool('Get Video', { resource: 'video', operation: 'get', ...extra });
const downloadVideo = (extra = {}) =>
	tool('Download Video', { resource: 'video', operation: 'download', ...extra });

/** Calls a tool and reads its answer as the agent does (JSON text: the output items' JSON). */
async function call(tools, name, args) {
	const started = Date.now();
	const text = await tools[name].invoke(args);
	return { answer: JSON.parse(text), text, ms: Date.now() - started };
}

/** Generate_Video with `prompt`, then the tool `name` with its job_id: the second call's answer. */
async function generateThen(tools, prompt, name) {
	const first = await call(tools, 'Generate_Video', { prompt });
	return await call(tools, name, { job_id: first.answer[0].job_id });
}

/** Starts the fake for this test file; returns it with helpers that run an agent against it. */
function useAgentTools() {
	/** Video jobs run as long as their prompt says ("[6s]"), else 1 s; images end at once. */
	const ref = useFakeService({
		timing: {
			queueMs: 0,
			imageMs: 1,
			videoMs: (body) => Number(/\[(\d+(?:\.\d+)?)s\]/.exec(String(body.prompt))?.[1] ?? 1) * 1000,
		},
	});
	const creds = () => ({ apiKey: 'test-key-alice', baseUrl: ref.svc.apiUrl });

	const creates = (re) => jobsWithPrompt(ref.svc, re).length;

	/** The answer of an agent's run of `script` with these tools; the run itself must not fail. */
	async function withTools(tools, script) {
		const { result, error } = await runAgent({ tools, credentials: creds(), script });
		expect(error).toBeUndefined();
		return result;
	}

	return { ref, creds, creates, withTools };
}

module.exports = {
	tool,
	generateVideo,
	checkVideo,
	getVideo,
	downloadVideo,
	call,
	generateThen,
	useAgentTools,
};
