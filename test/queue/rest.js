'use strict';
/**
 * The main's REST API, as n8n's editor uses it, with the session cookie of the owner account:
 * credentials, workflows, executions (list, read, stop) and binary data.
 */
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { jsonOrUndefined } = require('../helpers/fake');
const { until } = require('../helpers/wait');

/**
 * n8n stores an execution's data in the `flatted` format; its own copy of the library reads it
 * (found next to the n8n that scripts/n8n.sh put on PATH).
 */
function flatted() {
	const bin = execFileSync('sh', ['-c', 'command -v n8n'], { encoding: 'utf8' }).trim();
	const modules = path.resolve(require('node:fs').realpathSync(bin), '../../..');
	return require(require.resolve('flatted', { paths: [modules] }));
}

const OWNER = { email: 'owner@example.com', firstName: 'Queue', lastName: 'Suite', password: 'Queue-suite-1' };

class N8nRest {
	constructor(baseUrl) {
		this.baseUrl = baseUrl;
		this.cookie = '';
	}

	async request(method, path, body, { raw = false } = {}) {
		const headers = { cookie: this.cookie };
		if (body !== undefined) headers['content-type'] = 'application/json';
		const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		const cookie = res.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (cookie) this.cookie = cookie.split(';')[0];
		if (raw) return res;
		const text = await res.text();
		if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
		return text ? JSON.parse(text).data : undefined;
	}

	/** Creates the owner account on a fresh instance and logs in as it. */
	async setupOwner() {
		await this.request('POST', '/rest/owner/setup', OWNER);
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
		return this;
	}

	/** @returns {Promise<{id: string, name: string}>} */
	async createCredential(name, type, data) {
		const { id } = await this.request('POST', '/rest/credentials', { name, type, data });
		return { id, name };
	}

	/** Saves a workflow and activates it (its webhooks listen at once); returns its id. */
	async createActiveWorkflow(workflow) {
		const { id, versionId } = await this.request('POST', '/rest/workflows', { active: false, settings: { executionOrder: 'v1' }, ...workflow });
		await this.request('POST', `/rest/workflows/${id}/activate`, { versionId });
		return id;
	}

	/**
	 * Waits until the main serves a workflow's production webhook (activation reaches the
	 * webhook routing a moment after the activate call returns). A GET to a POST-only webhook
	 * tells the two apart without starting a run.
	 */
	async waitForWebhook(path, timeoutMs = 30_000) {
		const registered = async () =>
			(await fetch(`${this.baseUrl}/webhook/${path}`).then((r) => r.text(), () => '')).includes('not registered for GET');
		await until(registered, `the webhook ${path} to be registered`, { timeoutMs });
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

	/** The executions of a workflow (newest first): id, status, startedAt, stoppedAt, … */
	async executions(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { results } = await this.request('GET', `/rest/executions?filter=${filter}&limit=100`);
		return results;
	}

	/** One execution with its run data unpacked: `data.resultData.runData` by node name. */
	async execution(id) {
		const execution = await this.request('GET', `/rest/executions/${id}`);
		if (typeof execution.data === 'string') execution.data = flatted().parse(execution.data);
		return execution;
	}

	async stopExecution(id) {
		return await this.request('POST', `/rest/executions/${id}/stop`, {});
	}

	/** A stored binary's bytes, read back through the main (`database:<fileId>` ids in queue mode). */
	async binary(id) {
		const res = await this.request('GET', `/rest/binary-data?id=${encodeURIComponent(id)}&action=download`, undefined, { raw: true });
		if (!res.ok) throw new Error(`binary ${id}: ${res.status} ${await res.text()}`);
		return Buffer.from(await res.arrayBuffer());
	}
}

/** The items a node output in an execution read with N8nRest.execution (first run, output 0). */
function itemsOf(execution, nodeName) {
	return execution.data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[0] ?? [];
}

module.exports = { N8nRest, itemsOf };
