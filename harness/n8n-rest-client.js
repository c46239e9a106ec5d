'use strict';
/**
 * n8n's REST API as its editor uses it, with the session cookie of the owner account: owner
 * setup and login, credentials, workflows and their activation, and production webhooks.
 * Executions are read and stopped in n8n-rest-executions.js.
 */
const { jsonOrUndefined } = require('./fake-service/client');
const { until } = require('./wait');

const OWNER = {
	email: 'owner@example.com',
	firstName: 'Test',
	lastName: 'Owner',
	password: 'Test-suite-1',
};

class N8nRestClient {
	constructor(baseUrl) {
		this.baseUrl = baseUrl;
		this.cookie = '';
	}

	/** A request to `path` (from the root: `/rest/...`); the parsed `data`, or the response when `raw`. */
	async request(method, path, body, { raw = false } = {}) {
		const headers = { cookie: this.cookie };
		if (body !== undefined) headers['content-type'] = 'application/json';
		const res = await fetch(`${this.baseUrl}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const cookie = res.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (cookie) this.cookie = cookie.split(';')[0];
		if (raw) return res;
		const text = await res.text();
		if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
		return text ? JSON.parse(text).data : undefined;
	}

	/** Waits until the REST API answers: n8n 1.x says it is ready before it does. */
	async ready(timeoutMs = 120_000) {
		let last = 'no answer yet';
		const answers = async () =>
			await fetch(`${this.baseUrl}/rest/settings`).then(
				(r) => ((last = `status ${r.status}`), r.ok),
				(error) => ((last = error.message), false),
			);
		await until(answers, "n8n's REST API", { timeoutMs, intervalMs: 500, seen: () => last });
		return this;
	}

	/** Creates the owner account on a fresh instance and logs in as it. */
	async setupOwner() {
		await this.request('POST', '/rest/owner/setup', OWNER);
		return await this.login();
	}

	/** Logs in as the owner (after a restart, say). */
	async login() {
		await this.request('POST', '/rest/login', {
			emailOrLdapLoginId: OWNER.email,
			password: OWNER.password,
		});
		return this;
	}

	/** @returns {Promise<{id: string, name: string}>} */
	async createCredential(name, type, data) {
		const { id } = await this.request('POST', '/rest/credentials', { name, type, data });
		return { id, name };
	}

	/** Activates a saved workflow (its webhooks listen once n8n has registered them). */
	async activate(workflowId) {
		const wf = await this.request('GET', `/rest/workflows/${workflowId}`);
		await this.request('POST', `/rest/workflows/${workflowId}/activate`, {
			versionId: wf.versionId,
		});
	}

	/** Saves a workflow and activates it; returns its id. */
	async createActiveWorkflow(workflow) {
		const { id, versionId } = await this.request('POST', '/rest/workflows', {
			active: false,
			settings: { executionOrder: 'v1' },
			...workflow,
		});
		await this.request('POST', `/rest/workflows/${id}/activate`, { versionId });
		return id;
	}

	/**
	 * Waits until the main serves a workflow's production webhook (activation reaches the
	 * webhook routing a moment after the activate call returns). A GET to a POST-only webhook
	 * tells the two apart without starting a run.
	 */
	async waitForWebhook(path, timeoutMs = 30_000) {
		let last = 'no answer yet';
		const registered = async () =>
			(last = await fetch(`${this.baseUrl}/webhook/${path}`).then(
				(r) => r.text(),
				(error) => error.message,
			)).includes('not registered for GET');
		await until(registered, `the webhook ${path} to be registered`, {
			timeoutMs,
			seen: () => `the webhook answered: ${last.slice(0, 300)}`,
		});
	}

	/** Calls a production webhook with a JSON body; resolves with the status and the parsed answer. */
	async webhook(path, body, timeoutMs = 150_000) {
		const res = await fetch(`${this.baseUrl}/webhook/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await res.text();
		return { status: res.status, json: jsonOrUndefined(text), text };
	}
}

/** A Webhook trigger node that answers at once, so the caller does not wait for the run. */
function webhookNode(path) {
	return {
		id: crypto.randomUUID(),
		webhookId: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
	};
}

module.exports = { N8nRestClient, webhookNode };
