'use strict';
/**
 * The cases of the create-fault tests and the workflows that run them: each case is the fault
 * given to one item's create, and every item carries a marker naming its case and job kind, so
 * that the fake service can fault it and count its creates by request body.
 */
const { KINDS, AUDIO_KINDS, credential, mediaNode, itemsNode, workflow } = require('./workflows');

const MAIN_KEY = 'test-key-alice';
const REFUSED_PORT = 5801;
const CREATE_TIMEOUT_S = 3;
const REVOKE_AFTER = 2;
const kinds = Object.keys(KINDS);
const marker = (c, kind) => `#${c}/${kind}#`;
const revokeKey = (kind) => `revoked-key-${kind}`;

/** Each case: the fault for its item's create, and whether a job may exist afterwards. */
const CASES = {
	ok: { fault: undefined },
	s500: {
		fault: { kind: 'status-after', status: 500 },
		created: 1,
		mayExist: true,
		message: /internal error/,
	},
	s502: {
		fault: { kind: 'status', status: 502 },
		created: 0,
		mayExist: true,
		message: /internal error/,
	},
	s503: {
		fault: { kind: 'status-after', status: 503 },
		created: 1,
		mayExist: true,
		message: /internal error/,
	},
	reset: {
		fault: { kind: 'drop-after' },
		created: 1,
		mayExist: true,
		message: /closed unexpectedly \(ECONNRESET\)/,
	},
	slow: {
		fault: { kind: 'slow', delayMs: (CREATE_TIMEOUT_S + 2) * 1000 },
		created: 1,
		mayExist: true,
		message: /did not answer in time/,
	},
	busyWait: { fault: { kind: 'status', status: 429, retryAfter: 2 }, audioOnly: true },
	busy: { fault: { kind: 'status', status: 429 }, audioOnly: true },
};
const casesOf = (kind) =>
	Object.keys(CASES).filter((c) => !CASES[c].audioOnly || AUDIO_KINDS.includes(kind));

/** The service's requests, or the jobs it made, whose body holds `text` (an item's marker). */
const bodyHas = (text) => (r) => r.body !== undefined && JSON.stringify(r.body).includes(text);
const createsOf = (service, text) => service.state.requests.filter(bodyHas(text));
const jobsOf = (service, text) =>
	[...service.state.jobs.values()].filter((j) => JSON.stringify(j.request).includes(text));

/** The node with `expression` in place of every `$json.p` of its parameters: the item's marker. */
function prompting(node, expression) {
	node.parameters = JSON.parse(JSON.stringify(node.parameters).replaceAll('$json.p', expression));
	return node;
}

/** The credentials: the main key, one whose service refuses connections, one to revoke per kind. */
function createFaultCredentials(apiUrl) {
	return [
		credential('mainCredential01', MAIN_KEY, apiUrl),
		credential('refusedCredent01', MAIN_KEY, `http://127.0.0.1:${REFUSED_PORT}/v1`),
		...kinds.map((k, i) => credential(`revokeCredent0${i}`, revokeKey(k), apiUrl)),
	];
}

/**
 * Two workflows. "Create faults" gives every case's item to a node of each kind, then a marker
 * per item to a node of each kind whose key is revoked. "Refused connection" lists the models
 * first (the canary that tells the test the run has started), then creates one job of each kind
 * on the service that is not up yet.
 */
function createFaultWorkflows() {
	const options = { createTimeoutSeconds: CREATE_TIMEOUT_S };
	const faults = workflow(
		'Create faults',
		[
			itemsNode(
				'Items',
				Object.keys(CASES).map((c) => ({ c })),
			),
		],
		[
			...kinds.map((k) =>
				prompting(
					mediaNode(`Faults ${k}`, k, { credentialId: 'mainCredential01', options }),
					`'${marker('', k)}' + $json.c`,
				),
			),
			...kinds.map((k, i) =>
				prompting(
					mediaNode(`Revoked ${k}`, k, { credentialId: `revokeCredent0${i}`, options }),
					`'${marker('revoked', k)}' + $itemIndex`,
				),
			),
		],
	);
	const refused = workflow(
		'Refused connection',
		[
			{
				...mediaNode('Canary', 'image', { credentialId: 'mainCredential01' }),
				parameters: { resource: 'model', operation: 'listImageModels' },
			},
			itemsNode('One Item', [{ c: 'refused' }]),
		],
		kinds.map((k) =>
			prompting(
				mediaNode(`Refused ${k}`, k, { credentialId: 'refusedCredent01' }),
				`'${marker('refused', k)}'`,
			),
		),
	);
	return [faults, refused];
}

module.exports = {
	MAIN_KEY,
	REFUSED_PORT,
	REVOKE_AFTER,
	CASES,
	kinds,
	marker,
	revokeKey,
	casesOf,
	createFaultCredentials,
	createFaultWorkflows,
	bodyHas,
	createsOf,
	jobsOf,
};
