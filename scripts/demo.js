'use strict';
/**
 * The demo: runs the example workflows of examples/ in the real n8n (its CLI, with this package
 * installed as a community package), writes the media they produce to demo-output/ and prints a
 * table of them.
 *
 * By default everything runs against the fake service in harness/. With MEDIA_GENERATION_API_KEY set,
 * the workflows run against that account instead (at MEDIA_GENERATION_BASE_URL, by default
 * Wondercraft's public API): each example is switched to the cheapest model, resolution and
 * duration its listing offers, and spends credits.
 * The podcast example then needs two voice IDs of the account (MEDIA_GENERATION_VOICE_1 and _2).
 * The AI steps use OpenAI when OPENAI_API_KEY is set, else the fake service's scripted chat endpoint.
 * The chat example runs in `n8n start`: one message, the node's progress printed as it streams in.
 */
require('../harness/n8n-env');
const fs = require('node:fs');
const path = require('node:path');
const { startFakeService } = require('../harness/fake-service/server');
const { N8nInstance, nodeItems, runError } = require('../harness/n8n-cli');
const { loadExamples, credentialsFor, withParameters } = require('../harness/examples');
const { forAccount } = require('./demo-account');
const { table, writeFiles } = require('./demo-files');
const { openChats, streamedLines } = require('../harness/chat-stream');

const CHAT_MESSAGE = 'A paper boat drifting down a rainy city street at dusk';
const isChat = (workflow) => workflow.nodes.some((n) => n.type.endsWith('.chatTrigger'));

const OUTPUT = path.resolve(__dirname, '../demo-output');
/**
 * The fake service's file links die with the demo: say what each one is instead of printing it.
 * A link's file name starts with its job's kind (`image-…`, `video-…`, `podcast-…`).
 */
function withoutLoopbackLinks(text) {
	return String(text).replace(/https?:\/\/127\.\d+\.\d+\.\d+[^\s)\]]*/g, (link) => {
		const kind = /\/([a-z]+)-[^/]*$/.exec(link)?.[1] ?? 'file';
		return `(a link to the ${kind} on the fake service, gone once the demo ends)`;
	});
}

/**
 * `n8n execute` ends once an execution is saved to wait (a Wait of 65 s or more) and never resumes
 * it. The durable example's Wait is cut to 5 s for the demo, so that n8n waits in memory and the
 * loop runs to its end; `npm run test:durable` runs it with a saved wait in `n8n start`. (With a
 * real account the demo leaves this example out: its podcasts are long, and cost credits.)
 */
function withShortWaits(examples) {
	const name = 'long-podcasts-durable-wait';
	return {
		...examples,
		[name]: withParameters(examples[name], 'Wait 5 Minutes', { amount: 5, unit: 'seconds' }),
	};
}

/**
 * Runs a chat example as `n8n execute` runs the others: one message to its chat, the lines the
 * run streams printed as they arrive.
 */
async function runChat(chats, index, real) {
	console.log(`\n  you:  ${CHAT_MESSAGE}`);
	// the chat shows a Markdown link [name](address) as the name, linked
	const print = (markdown) => {
		const link = (_, name, url) => `${name} ${real ? url : withoutLoopbackLinks(url)}`;
		console.log(`  chat: ${markdown.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, link)}`);
	};
	const { chunks, execution } = await chats.chat(
		index,
		{ sessionId: `demo-${index}`, chatInput: CHAT_MESSAGE },
		{ onChunk: (chunk) => streamedLines([chunk]).forEach((l) => print(l.line)) },
	);
	const failed = execution.status !== 'success' || chunks.some((c) => c.type === 'error');
	return { code: failed ? 1 : 0, data: execution.data };
}

async function main() {
	const real = Boolean(process.env.MEDIA_GENERATION_API_KEY);
	// the fake service is always started: it stands in for the AI model unless OPENAI_API_KEY is set
	const svc = await startFakeService({
		timing: { queueMs: 300, imageMs: 1500, videoMs: 3000, audioMs: 3000 },
	});
	const media = real
		? {
				apiKey: process.env.MEDIA_GENERATION_API_KEY,
				baseUrl: process.env.MEDIA_GENERATION_BASE_URL || 'https://api.wondercraft.ai/v1',
			}
		: { apiKey: 'test-key-alice', baseUrl: svc.apiUrl };
	const openAi = process.env.OPENAI_API_KEY
		? { openAiKey: process.env.OPENAI_API_KEY, openAiUrl: 'https://api.openai.com/v1' }
		: { openAiKey: 'sk-demo', openAiUrl: svc.apiUrl.replace(/\/v1$/, '/openai/v1') };
	console.log(
		real
			? `Media service: ${media.baseUrl} (your account; this spends credits)`
			: `Media service: the fake service at ${media.baseUrl}`,
	);
	console.log(
		`AI model: ${process.env.OPENAI_API_KEY ? 'OpenAI' : "the fake service's scripted chat endpoint"}`,
	);

	let examples = loadExamples();
	if (real) examples = await forAccount(examples, media);
	else examples = withShortWaits(examples);

	const n8n = new N8nInstance().installPackage();
	try {
		console.log('\nStarting n8n: importing the credentials and the example workflows…');
		await n8n.importCredentials(credentialsFor({ ...media, ...openAi }));
		const names = Object.keys(examples);
		const ids = await n8n.importWorkflows(names.map((n) => examples[n]));
		fs.rmSync(OUTPUT, { recursive: true, force: true });
		fs.mkdirSync(OUTPUT, { recursive: true });
		const rows = [];
		const notes = [];
		let failed = 0;
		// the chat examples last: they run in `n8n start`, which shares the database of the executes
		const chatNames = names.filter((n) => isChat(examples[n]));
		const workflowOf = (n) => ({ id: ids[names.indexOf(n)], workflow: examples[n] });
		let chats;
		for (const name of [...names.filter((n) => !chatNames.includes(n)), ...chatNames]) {
			if (chatNames.includes(name)) chats ??= await openChats(n8n, chatNames.map(workflowOf));
			const started = Date.now();
			process.stdout.write(`Running "${examples[name].name}"… `);
			const { code, data } = chats
				? await runChat(chats, chatNames.indexOf(name), real)
				: await n8n.execute(workflowOf(name).id);
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			if (code !== 0 || !data) {
				failed++;
				console.log(`failed after ${seconds} s: ${runError(data)?.message ?? 'see the n8n log'}`);
				continue;
			}
			console.log(`done in ${seconds} s`);
			rows.push(...writeFiles(n8n, OUTPUT, name, data, examples[name]));
			const [answer] = nodeItems(data, 'AI Agent') ?? [];
			if (answer)
				notes.push(
					`AI agent's answer in "${examples[name].name}": ${real ? answer.json.output : withoutLoopbackLinks(answer.json.output)}`,
				);
		}
		console.log(`\nFiles written to ${path.relative(process.cwd(), OUTPUT)}/:`);
		if (!real)
			console.log(
				'(placeholders from the built-in fake service: colour gradients, grey video frames and silent audio, in the sizes and lengths asked for)',
			);
		console.log(
			`\n${table(rows, ['example', 'node', 'file', 'type', 'size', 'duration or dimensions'])}`,
		);
		for (const note of notes) console.log(`\n${note}`);
		if (failed) throw new Error(`${failed} example workflow(s) failed`);
	} finally {
		await n8n.stop();
		await svc.stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(`\nDemo failed: ${error.message}`);
		process.exit(1);
	},
);
