'use strict';
/** The additional data n8n's runner hands the engine, with the test's credentials. */
const { TestCredentialsHelper } = require('./credentials-helper');
const { credentialType } = require('./built-node');

/**
 * Additional data as n8n's runner would pass it, its credentials helper holding the test's
 * {baseUrl, apiKey}; anything the engine asks for beyond this is a no-op.
 */
function additionalDataFor(hooks, credentials) {
	const known = {
		hooks,
		credentialsHelper: new TestCredentialsHelper(
			{ mediaGenerationApi: credentialType },
			{ mediaGenerationApi: credentials },
		),
		executionId: undefined,
		encryptedRunnerIdentity: undefined,
		currentNodeParameters: undefined,
		evalLlmMockHandler: undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		userId: 'test-user',
	};
	return new Proxy(known, {
		get: (target, prop) =>
			prop in target ? target[prop] : typeof prop === 'string' ? () => undefined : undefined,
	});
}

module.exports = { additionalDataFor };
