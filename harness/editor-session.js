'use strict';
/**
 * An n8n editor with this package in it, ready to use: the pinned n8n (`n8n start` on loopback)
 * with the package installed as a community package, a "Media Generation API" credential (and an
 * OpenAI one for the AI examples), the example workflows, and an owner account to log in with.
 * The credential points at the fake service, which is started here, unless a real account is given.
 *
 * Shared by `npm run dev` and the editor's browser test. Needs the real n8n on PATH (scripts/n8n.sh).
 */
const { startFakeService } = require('./fake-service/server');
const { N8nInstance } = require('./n8n-cli');
const { loadExamples, credentialsFor, CREDENTIALS } = require('./examples');

const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'Media-Generation-1',
};

/**
 * @param {object} o
 * @param {number} o.port the editor's port (loopback); the next port is n8n's task-runner broker
 * @param {{apiKey: string, baseUrl: string}} [o.account] a real account; default: the fake service
 * @param {object} [o.timing] the fake service's job timing
 * @param {object} [o.env] extra environment for n8n
 * @param {Record<string, object>} [o.workflows] more workflows to import, by name, beside the examples
 * @returns {Promise<{url: string, owner: object, workflows: Record<string, string>, fake?: object, account: object, stop: () => Promise<void>}>}
 */
async function startEditorSession({ port, account, timing, env, workflows = {} } = {}) {
	const fake = await startFakeService({
		timing: timing ?? { queueMs: 300, imageMs: 2000, videoMs: 4000, audioMs: 4000 },
	});
	const media = account ?? { apiKey: 'test-key-alice', baseUrl: fake.apiUrl };
	// the task-runner broker takes the port after the editor's (n8n's own default pair: 5678, 5679)
	const n8n = new N8nInstance({
		binaryDataMode: 'filesystem',
		env: { N8N_RUNNERS_BROKER_PORT: String(port + 1), ...env },
	}).installPackage();
	const stop = async () => {
		await n8n.stop();
		await fake.stop();
	};
	try {
		await n8n.importCredentials(
			credentialsFor({
				...media,
				openAiKey: 'sk-fake',
				openAiUrl: fake.apiUrl.replace(/\/v1$/, '/openai/v1'),
			}).map((c) => (c.type === 'mediaGenerationApi' ? { ...c, name: 'Media Generation API' } : c)),
		);
		const examples = { ...loadExamples(), ...workflows };
		const names = Object.keys(examples);
		const ids = await n8n.importWorkflows(names.map((n) => examples[n]));
		const url = await n8n.start(port);
		await setUpOwner(url);
		return {
			url,
			owner: OWNER,
			workflows: Object.fromEntries(names.map((n, i) => [n, ids[i]])),
			credentialId: CREDENTIALS.media.id,
			fake,
			account: media,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Creates the owner account of a fresh instance (n8n's first-run setup, done through its REST API). */
async function setUpOwner(url) {
	const res = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(OWNER),
	});
	if (!res.ok) throw new Error(`n8n's owner setup answered ${res.status}: ${await res.text()}`);
}

module.exports = { startEditorSession, OWNER };
