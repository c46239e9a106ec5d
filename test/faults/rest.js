'use strict';
/**
 * n8n's own REST API, as the editor uses it: owner setup, login with a cookie, workflow
 * activation, executions (list, read, stop). For cases that need a running `n8n start`.
 */
const { parse } = require('flatted');

const OWNER = { email: 'owner@example.com', firstName: 'Test', lastName: 'Owner', password: 'Fault-suite-1' };

class N8nRest {
	constructor(baseUrl) {
		this.baseUrl = baseUrl;
		this.cookie = '';
	}

	async call(method, path, body) {
		const res = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: { 'Content-Type': 'application/json', ...(this.cookie ? { Cookie: this.cookie } : {}) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const cookie = res.headers.get('set-cookie');
		if (cookie) this.cookie = cookie.split(';')[0];
		const text = await res.text();
		if (!res.ok) throw new Error(`${method} /rest${path} answered ${res.status}: ${text.slice(0, 500)}`);
		return text ? JSON.parse(text).data : undefined;
	}

	/** Sets up the instance owner and logs in. */
	async login() {
		await this.call('POST', '/owner/setup', OWNER);
		await this.call('POST', '/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
		return this;
	}

	async activate(workflowId) {
		const wf = await this.call('GET', `/workflows/${workflowId}`);
		await this.call('POST', `/workflows/${workflowId}/activate`, { versionId: wf.versionId });
	}

	async executions(workflowId) {
		const data = await this.call('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
		return data.results;
	}

	/** An execution with its run data parsed (n8n stores it flattened). */
	async execution(id) {
		const e = await this.call('GET', `/executions/${id}`);
		return { ...e, data: typeof e.data === 'string' ? parse(e.data) : e.data, raw: e.data };
	}

	async stop(id) {
		return await this.call('POST', `/executions/${id}/stop`);
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

module.exports = { N8nRest, webhookNode };
