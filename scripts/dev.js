'use strict';
/**
 * `npm run dev`: the n8n editor on loopback with this package installed (as built now), a ready
 * "Media Generation API" credential and the example workflows; Ctrl-C stops all of it.
 *
 * By default the credential points at the built-in fake service, started here. With
 * MEDIA_GENERATION_API_KEY set it points at that account instead (MEDIA_GENERATION_BASE_URL, or
 * Wondercraft's public API when unset), and running a workflow spends credits.
 * The editor listens on MEDIA_GENERATION_DEV_PORT (default 5678). Each run starts from a fresh,
 * temporary n8n user folder.
 */
require('../harness/n8n-env');
const { startEditorSession } = require('../harness/editor-session');

const PORT = Number(process.env.MEDIA_GENERATION_DEV_PORT ?? 5678);
const DEFAULT_BASE_URL = 'https://api.wondercraft.ai/v1';

async function main() {
	const key = process.env.MEDIA_GENERATION_API_KEY;
	const account = key
		? { apiKey: key, baseUrl: process.env.MEDIA_GENERATION_BASE_URL || DEFAULT_BASE_URL }
		: undefined;
	console.log(`Starting n8n on http://127.0.0.1:${PORT} with this package installed (about 20 s)…`);
	const session = await startEditorSession({ port: PORT, account });
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the fake service…');
		await session.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);

	console.log(`
n8n is ready: ${session.url}
  log in as     ${session.owner.email}
  password      ${session.owner.password}
  credential    "Media Generation API" -> ${account ? `${account.baseUrl} (your account: running a workflow spends credits)` : `the built-in fake service at ${session.account.baseUrl}`}
  workflows     the ${Object.keys(session.workflows).length} examples, under Overview

Ctrl-C stops everything. To load a changed node, start this command again (it builds first).`);
}

main().catch((error) => {
	console.error(`\nnpm run dev failed: ${error.message}`);
	process.exit(1);
});
