'use strict';
/**
 * n8n's REST API as its editor uses it, with the session cookie of the owner account: owner
 * setup, credentials, workflows and their activation, production webhooks, executions (list,
 * read, stop) and binary data. For suites that run `n8n start` (faults, queue mode).
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { describeJobs, jsonOrUndefined } = require('./fake-service/client');
const { until } = require('./wait');

const OWNER = {
	email: 'owner@example.com',
	firstName: 'Test',
	lastName: 'Owner',
	password: 'Test-suite-1',
};

/**
 * n8n stores an execution's data in the `flatted` format; the copy of the library that the n8n
 * on PATH uses reads it (scripts/n8n.sh puts it there), else the project's own.
 */
function flatted() {
	try {
		const bin = execFileSync('sh', ['-c', 'command -v n8n'], { encoding: 'utf8' }).trim();
		const modules = path.resolve(fs.realpathSync(bin), '../../..');
		return require(require.resolve('flatted', { paths: [modules] }));
	} catch {
		return require('flatted');
	}
}

class N8nRest {
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

	/**
	 * The executions of a workflow (newest first): id, status, startedAt, stoppedAt, … n8n reads
	 * the running and the ended ones in two queries at once, so one that changes state between them
	 * is missing from that answer: a caller that waits for all of them counts them.
	 */
	async executions(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { results } = await this.request('GET', `/rest/executions?filter=${filter}&limit=100`);
		return results;
	}

	/**
	 * What a workflow's executions are doing, for a wait that gives up: how many there are by
	 * status, and three of them (a failed one first) with their last node and error.
	 */
	async describeExecutions(workflowId) {
		const list = await this.executions(workflowId);
		if (!list.length) return 'no execution of the workflow';
		const counts = {};
		for (const e of list) counts[e.status] = (counts[e.status] ?? 0) + 1;
		const failed = list.filter((e) => e.status === 'error' || e.status === 'crashed');
		const shown = [...new Set([...failed.slice(0, 1), ...list])].slice(0, 3);
		const newest = await Promise.all(
			shown.map(async (e) => {
				const result = (await this.execution(e.id).catch(() => undefined))?.data?.resultData;
				const last = result?.lastNodeExecuted ? `, last node ${result.lastNodeExecuted}` : '';
				const error = result?.error?.message ? `, error: ${result.error.message}` : '';
				return `#${e.id} ${e.status}${last}${error}`;
			}),
		);
		return `executions by status ${JSON.stringify(counts)}; ${newest.join('; ')}`;
	}

	/** One execution with its run data unpacked: `data.resultData.runData` by node name. */
	async execution(id) {
		const execution = await this.request('GET', `/rest/executions/${id}`);
		if (typeof execution.data === 'string') execution.data = flatted().parse(execution.data);
		return execution;
	}

	/** Stops an execution, as the editor's stop button does. */
	async stopExecution(id) {
		return await this.request('POST', `/rest/executions/${id}/stop`, {});
	}

	/** A stored binary's bytes, read back through the main (`database:<fileId>` ids in queue mode). */
	async binary(id) {
		const res = await this.request(
			'GET',
			`/rest/binary-data?id=${encodeURIComponent(id)}&action=download`,
			undefined,
			{ raw: true },
		);
		if (!res.ok) throw new Error(`binary ${id}: ${res.status} ${await res.text()}`);
		return Buffer.from(await res.arrayBuffer());
	}
}

/** The items a node output in an execution read with N8nRest.execution (first run, output 0). */
function itemsOf(execution, nodeName) {
	return execution.data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[0] ?? [];
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

/** For a wait on a workflow that gives up: what its executions and the service's jobs were doing. */
const seenAt = (rest, svc, workflowId) => async () =>
	`${await rest.describeExecutions(workflowId)}; ${describeJobs(svc)}`;

module.exports = { N8nRest, itemsOf, seenAt, webhookNode };
