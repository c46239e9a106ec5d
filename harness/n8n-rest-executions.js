'use strict';
/**
 * The REST client's executions part: a workflow's executions listed and described, one read with
 * its run data, one stopped, and a stored binary read back. For suites that run `n8n start`.
 */
const { describeJobs } = require('./fake-service/client');
const { N8nRestClient } = require('./n8n-rest-client');
const { runtimePackage } = require('./n8n-release');

/**
 * n8n stores an execution's data in the `flatted` format; the copy of the library that the n8n
 * on PATH uses reads it, else the project's own.
 */
function flatted() {
	try {
		return runtimePackage('flatted');
	} catch {
		return require('flatted');
	}
}

class N8nRest extends N8nRestClient {
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

/** For a wait on a workflow that gives up: what its executions and the service's jobs were doing. */
const seenAt = (rest, svc, workflowId) => async () =>
	`${await rest.describeExecutions(workflowId)}; ${describeJobs(svc)}`;

module.exports = { N8nRest, seenAt };
