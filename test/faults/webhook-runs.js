'use strict';
/**
 * Runs of the running-instance tests' webhook workflows: each started by a POST to its production
 * webhook and followed through n8n's REST API, the scale runs while /healthz is watched.
 */
const { seenAt } = require('../../harness/n8n-rest');
const { until } = require('../../harness/wait');
const { watchWhile } = require('./health-watch');

/** The runs of the workflows in `ids` (by name) on the n8n at `base`, which calls `svc`. */
function webhookRuns({ svc, n8n, rest, base, ids }) {
	const trigger = (name) =>
		fetch(`${base}/webhook/${name}`, { method: 'POST' }).then((r) => expect(r.status).toBe(200));

	/** The latest execution of a workflow, once it exists (with `done`, once it has ended). */
	async function executionOf(name, { done } = {}) {
		const execution = async () => {
			const [e] = await rest.executions(ids[name]);
			if (!e) return undefined;
			if (done && !['success', 'error', 'canceled', 'crashed'].includes(e.status)) return undefined;
			return e;
		};
		return await until(execution, `an execution of ${name}`, {
			timeoutMs: 300_000,
			seen: seenAt(rest, svc, ids[name]),
		});
	}

	/**
	 * Runs a scale workflow of `count` items while watching n8n: it succeeds with one output per
	 * item, in order, each from the job of its own item's prompt, and no job was created twice.
	 */
	async function runScale(name, count, checkItem = () => {}) {
		const before = svc.state.jobs.size;
		const started = Date.now();
		const { result: run, stats } = await watchWhile(base, n8n.server.pid, async () => {
			await trigger(name);
			return await executionOf(name, { done: true });
		});
		expect(run.status).toBe('success');
		const items = (await rest.execution(run.id)).data.resultData.runData.Media[0].data.main[0];
		expect(items).toHaveLength(count);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(svc.state.jobs.get(item.json.job_id).request.prompt).toBe(`${name} item ${i}`);
			checkItem(item);
		});
		expect(svc.state.jobs.size - before).toBe(count);
		expect(svc.state.duplicateCreates()).toEqual([]);
		return { started, stats };
	}

	return { trigger, executionOf, runScale };
}

module.exports = { webhookRuns };
