'use strict';
/**
 * What the queue suite's tests share: one cluster (a main and two workers), the fake service, the
 * main's REST API with a credential per key, and the report the suite writes at the end, with
 * the ways the tests deploy workflows and wait for their executions.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nRest, seenAt } = require('../../harness/n8n-rest');
const { until } = require('../../harness/wait');
const { ACCOUNTS } = require('./accounts');
const { QueueCluster } = require('./cluster');
const { PORTS, QUEUE_TIMING } = require('./settings');

const REPORT = path.resolve(__dirname, '../../queue-report.json');
const KEYS = ['test-key-alice', 'test-key-alice-2', 'test-key-plan-a', 'test-key-plan-b'];

const DONE = (e) => !['new', 'running', 'waiting'].includes(e.status);

class QueueSession {
	constructor() {
		/** credential references for workflow nodes, by key */
		this.credentials = {};
		/** what the tests measured, by test; written to queue-report.json at the end */
		this.report = {
			versions: {},
			environment: { ...QUEUE_TIMING, N8N_DEFAULT_BINARY_DATA_MODE: 'database' },
		};
	}

	/** Starts the fake service and the cluster, and makes the owner and the credentials. */
	async start() {
		const started = Date.now();
		this.svc = await startFakeService({
			port: PORTS.fake,
			filesPort: PORTS.fakeFiles,
			accounts: ACCOUNTS,
			timing: { queueMs: 100, imageMs: 400, videoMs: 800, audioMs: 800 },
		});
		this.cluster = new QueueCluster();
		await this.cluster.start({ workers: 2 });
		this.rest = await new N8nRest(this.cluster.baseUrl).setupOwner();
		for (const key of KEYS) {
			this.credentials[key] = await this.rest.createCredential(
				`Media Generation (${key})`,
				'mediaGenerationApi',
				{ apiKey: key, baseUrl: this.svc.apiUrl },
			);
		}
		const workerLog = this.cluster.everyWorker[0].log();
		this.report.versions = {
			n8n: /Version: (\S+)/.exec(workerLog)?.[1],
			node: process.version,
			postgres: execFileSync(path.join(this.cluster.postgres.bin, 'postgres'), ['--version'], {
				encoding: 'utf8',
			}).trim(),
			redis: execFileSync('redis-server', ['--version'], { encoding: 'utf8' }).trim(),
		};
		this.report.environment.workerConcurrency = Number(/Concurrency: (\d+)/.exec(workerLog)?.[1]);
		this.report.startupSeconds = Math.round((Date.now() - started) / 100) / 10;
	}

	/** Writes and prints the report, then stops everything the start began. */
	async stop() {
		const report = JSON.stringify(this.report, null, 2);
		fs.writeFileSync(REPORT, `${report}\n`);
		console.log(`Queue mode: what was measured (also in ${path.basename(REPORT)})\n${report}`);
		await this.cluster?.stop();
		await this.svc?.stop();
	}

	/** Creates and activates the workflow, and waits until the main serves its webhook. */
	async deploy(workflow) {
		const id = await this.rest.createActiveWorkflow(workflow);
		await this.rest.waitForWebhook(workflow.nodes[0].parameters.path);
		return id;
	}

	/** The executions of these workflows once `count` of them exist and all have ended. */
	async finished(workflowIds, count, timeoutMs = 120_000) {
		const { rest, svc } = this;
		return await until(
			async () => {
				const all = (
					await Promise.all(workflowIds.map(async (id) => await rest.executions(id)))
				).flat();
				return all.length >= count && all.every(DONE) ? all : undefined;
			},
			`${count} executions to end`,
			{
				timeoutMs,
				intervalMs: 500,
				seen: async () =>
					(await Promise.all(workflowIds.map((id) => seenAt(rest, svc, id)()))).join(' | '),
			},
		);
	}

	/** The first execution of the workflow that is running, once there is one. */
	async runningExecution(workflowId) {
		return await until(
			async () => (await this.rest.executions(workflowId)).find((e) => e.status === 'running'),
			'a running execution',
			{ seen: seenAt(this.rest, this.svc, workflowId) },
		);
	}

	/**
	 * The workflow's execution `executionId`, once it is listed and has ended.
	 * `what` names the wait in a timeout's message.
	 */
	async ended(workflowId, executionId, what, options = {}) {
		return await until(
			async () => {
				const e = (await this.rest.executions(workflowId)).find((x) => x.id === executionId);
				return e && DONE(e) ? e : undefined;
			},
			what,
			{ ...options, seen: seenAt(this.rest, this.svc, workflowId) },
		);
	}
}

module.exports = { QueueSession };
