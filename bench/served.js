'use strict';
/**
 * Cases run with n8n as a server (`n8n start`), as a production instance runs: the measured
 * workflow starts from a webhook, and while it runs a small workflow (a webhook that answers when
 * its run ends) is started every few seconds. How long each small execution takes from its call
 * to its answer tells whether the instance stays responsive while the big one works. Each run
 * gets an n8n of its own, so that its peak RSS is its own.
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { N8nInstance } = require('../harness/n8n-cli');
const { N8nRest, webhookNode } = require('../harness/n8n-rest');
const { until } = require('../harness/wait');

const PING_EVERY_MS = 3000;
/** a run still going after this has broken down: it is stopped and reported as failed */
const GIVE_UP_MS = 30 * 60_000;

/** A free port on loopback. */
async function freePort() {
	const server = net.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/** The small workflow: a webhook that answers with the output of its last node once its run ends. */
function pingWorkflow() {
	const hook = { ...webhookNode('bench-ping'), name: 'Ping' };
	hook.parameters = { ...hook.parameters, responseMode: 'lastNode' };
	return {
		name: 'Bench: a small execution',
		nodes: [
			hook,
			{
				id: 'pong',
				name: 'Pong',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [200, 0],
				parameters: {},
			},
		],
		connections: { Ping: { main: [[{ node: 'Pong', type: 'main', index: 0 }]] } },
	};
}

/** The measured workflow started by a webhook instead of by hand; credentials by their new ids. */
function served(workflow, pathName, credentialIds) {
	const nodes = workflow.nodes.map((node) => {
		if (node.name === 'Start') return { ...webhookNode(pathName), name: 'Start' };
		if (!node.credentials) return node;
		const credentials = Object.fromEntries(
			Object.entries(node.credentials).map(([type, c]) => [
				type,
				{ ...c, id: credentialIds[type] },
			]),
		);
		return { ...node, credentials };
	});
	return { ...workflow, nodes };
}

/**
 * Runs `workflow` once in a fresh `n8n start`; `sample(pid)` measures the process. Resolves with
 * the execution's data, how long each small execution took meanwhile, and what the sampler saw.
 */
async function runServed({ workflow, apiUrl, key, sample, env }) {
	const n8n = new N8nInstance({ binaryDataMode: 'filesystem', env });
	n8n.installPackage();
	const pings = [];
	let sampler;
	let peakRssMb;
	try {
		const base = await n8n.start(await freePort(), { group: true });
		const rest = new N8nRest(base);
		await rest.setupOwner();
		const media = await rest.createCredential('Media Generation account', 'mediaGenerationApi', {
			apiKey: key,
			baseUrl: apiUrl,
		});
		const header = await rest.createCredential('API key (header)', 'httpHeaderAuth', {
			name: 'X-API-KEY',
			value: key,
		});
		const ids = { mediaGenerationApi: media.id, httpHeaderAuth: header.id };
		const id = await rest.createActiveWorkflow(served(workflow, 'bench-run', ids));
		await rest.createActiveWorkflow(pingWorkflow());
		await rest.waitForWebhook('bench-run');
		await rest.waitForWebhook('bench-ping');
		sampler = sample(n8n.pid);
		const startedAt = Date.now();
		const started = await rest.webhook('bench-run', {});
		if (started.status !== 200) throw new Error(`the run did not start: ${started.text}`);
		let done;
		let stop = false;
		const giveUpAt = Date.now() + GIVE_UP_MS;
		// the small executions go on their own clock, whatever the REST API's answers take
		const pinging = (async () => {
			while (!stop) {
				const t0 = Date.now();
				const pong = await rest.webhook('bench-ping', {}, 120_000).catch((error) => ({ error }));
				pings.push({ at: t0 - startedAt, ms: Date.now() - t0, ok: pong.status === 200 });
				await new Promise((r) => setTimeout(r, Math.max(0, PING_EVERY_MS - (Date.now() - t0))));
			}
		})();
		try {
			while (!done) {
				if (Date.now() > giveUpAt)
					throw new Error(`still running after ${GIVE_UP_MS / 60_000} minutes`);
				// an instance under load may answer 503 for a while ("Database is not ready")
				const [run] = await rest.executions(id).catch(() => []);
				if (run && run.status !== 'running' && run.status !== 'new') done = run;
				else await new Promise((r) => setTimeout(r, 1000));
			}
		} finally {
			stop = true;
			await pinging;
		}
		// the execution's data is saved a moment after its status says it ended
		let last = 'nothing yet';
		const execution = await until(
			async () => {
				const e = await rest.execution(done.id).catch((error) => void (last = error.message));
				if (e) last = `execution ${done.id} ${e.status}, no run data yet`;
				return e?.data?.resultData?.runData ? e : undefined;
			},
			'the execution data',
			{ timeoutMs: 120_000, intervalMs: 1000, seen: () => last },
		);
		peakRssMb = sampler.stop();
		return { data: execution.data, pings, peakRssMb };
	} finally {
		if (peakRssMb === undefined) sampler?.stop();
		await n8n.stop();
		if (process.env.MEDIA_GEN_BENCH_KEEP !== '1')
			fs.rmSync(n8n.folder, { recursive: true, force: true });
	}
}

/** The workflow file of a served variant, ready for one run. */
function servedWorkflow(variant, side, apiUrl) {
	const file = path.join(__dirname, 'workflows', `${variant.workflow}-${side}.json`);
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8').replaceAll('__API__', apiUrl));
	workflow.name = `${workflow.name} (${variant.key})`;
	const items = workflow.nodes.find((n) => n.name === 'Items');
	// the items are made in the Code node, so that the webhook's call stays small
	items.parameters.jsCode = `return Array.from({ length: ${variant.items.length} }, (_, i) => ({ json: { prompt: \`Bench picture \${i + 1}\`, model_id: 'flux-pro', resolution: '720p', number_of_images: 1 } }));`;
	return workflow;
}

module.exports = { runServed, servedWorkflow };
