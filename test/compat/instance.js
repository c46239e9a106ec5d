'use strict';
/** The n8n instances of the compatibility checks and the fake service they talk to. */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance } = require('../../harness/n8n-cli');
const { CREDENTIALS, credentialsFor } = require('../../harness/examples');

const API_KEY = 'test-key-alice';

/**
 * The fake service of a check: jobs end within a second, and small files (a 480p square PNG of
 * about 10 KB, short MP3s) arrive in one piece with their headers.
 */
async function compatService() {
	return await startFakeService({
		timing: { queueMs: 100, imageMs: 400, videoMs: 800, audioMs: 800 },
	});
}

/**
 * A fresh n8n user folder in this binary data mode, with our package (from `tarball` when given),
 * the credentials for `svc` and `workflow`, which is built for the media credential.
 * @returns {Promise<{n8n: N8nInstance, id: string}>} the instance and the workflow's id
 */
async function compatInstance(svc, workflow, { binaryDataMode, tarball } = {}) {
	const n8n = new N8nInstance({ binaryDataMode }).installPackage({ tarball });
	await n8n.importCredentials(
		credentialsFor({
			apiKey: API_KEY,
			baseUrl: svc.apiUrl,
			openAiKey: 'unused',
			openAiUrl: svc.apiUrl,
		}),
	);
	const [id] = await n8n.importWorkflows([workflow(CREDENTIALS.media)]);
	return { n8n, id };
}

module.exports = { API_KEY, compatService, compatInstance };
