'use strict';
/**
 * n8n in queue mode on this machine, for the queue suite: PostgreSQL and Redis started by hand on
 * loopback under a throwaway folder, the pinned n8n as a main (`n8n start`, EXECUTIONS_MODE=queue)
 * and `n8n worker` processes, each with our package installed as a community package from one
 * packed tarball. Needs `n8n` on PATH (scripts/n8n.sh) and PostgreSQL and Redis installed
 * (scripts/queue-services.sh). Every process is noted in the folder as it starts (cleanup.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { N8nInstance } = require('../../harness/n8n-cli');
const { remember, forget, cleanupSync } = require('./cleanup');
const { PORTS, QUEUE_TIMING, queueEnv } = require('./settings');
const { startPostgres, stopPostgres } = require('./postgres');
const { spawnRedis, redisReady, stopRedis } = require('./redis');
const { executionsRunBy, createdJobsIn } = require('./worker-logs');

/** A process's memory, from /proc: current (VmRSS) and peak (VmHWM) resident size, in MiB. */
function memoryOf(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
	return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

class QueueCluster {
	/**
	 * @param {object} [options]
	 * @param {string} [options.root] the throwaway folder (default: MEDIA_GEN_QUEUE_ROOT from the
	 *   suite's global setup, else a new one that stop() removes)
	 */
	constructor({ root = process.env.MEDIA_GEN_QUEUE_ROOT } = {}) {
		this.ownsRoot = !root;
		this.root = root ?? fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-queue-'));
		// PostgreSQL's own user must reach its data folder inside
		fs.chmodSync(this.root, 0o755);
		this.logs = path.join(this.root, 'logs');
		fs.mkdirSync(this.logs, { recursive: true });
		/** @type {Map<string, N8nInstance & {name: string}>} the workers running, by name */
		this.workers = new Map();
		/** every worker ever started, running or not (their logs stay readable) */
		this.everyWorker = [];
		this.workerCount = 0;
	}

	get baseUrl() {
		return `http://127.0.0.1:${PORTS.main}`;
	}

	/** Starts PostgreSQL and Redis, then the main, then `workers` workers (each running `concurrency` executions at once). */
	async start({ workers = 2, concurrency } = {}) {
		this.redis = spawnRedis(this.root, this.logs);
		await Promise.all([
			startPostgres(this.root).then((postgres) => (this.postgres = postgres)),
			redisReady(this.redis, this.logs),
		]);
		await this.startMain();
		await Promise.all(
			Array.from({ length: workers }, async () => await this.startWorker({ concurrency })),
		);
		return this;
	}

	/** An n8n instance of the cluster: its own user folder with our package, the shared settings. */
	instance(name, runnerBrokerPort, env = {}) {
		const instance = new N8nInstance({
			folder: path.join(this.root, name),
			binaryDataMode: 'database',
			env: { ...queueEnv(), N8N_RUNNERS_BROKER_PORT: String(runnerBrokerPort), ...env },
		});
		fs.mkdirSync(instance.folder, { recursive: true });
		instance.installPackage(this.tarball ? { tarball: this.tarball } : {});
		this.tarball ??= instance.tarball;
		return Object.assign(instance, { name, logPath: path.join(this.logs, `${name}.log`) });
	}

	async startMain() {
		this.main = this.instance('main', PORTS.mainRunnerBroker);
		const ready = this.main.start(PORTS.main, { logFile: this.main.logPath, group: true });
		remember(this.root, { name: 'main', pid: this.main.pid, kind: 'group' });
		await ready;
	}

	/**
	 * Starts one more worker, named worker-1, worker-2, …; resolves with it once it is ready.
	 * @param {object} [options]
	 * @param {object} [options.env] settings of this worker only
	 * @param {number} [options.concurrency] executions it runs at once (n8n's default: 10)
	 */
	async startWorker({ env, concurrency } = {}) {
		const n = ++this.workerCount;
		const { health, broker } = PORTS.worker(n);
		const worker = this.instance(`worker-${n}`, broker, env);
		const ready = worker.startWorker(health, {
			logFile: worker.logPath,
			group: true,
			concurrency,
		});
		remember(this.root, { name: worker.name, pid: worker.pid, kind: 'group' });
		this.everyWorker.push(worker);
		this.workers.set(worker.name, worker); // stop() ends it even if it never gets ready
		await ready;
		return worker;
	}

	/** Ends a worker the way a crash or an OOM kill does: SIGKILL, no shutdown at all. */
	async killWorker(name) {
		const worker = this.workers.get(name);
		const { server } = worker;
		const exited =
			server.exitCode === null && server.signalCode === null
				? new Promise((r) => server.once('exit', r))
				: undefined;
		worker.kill('SIGKILL');
		await exited;
		forget(this.root, name);
		this.workers.delete(name);
	}

	/** Stops a worker as n8n expects: SIGTERM, and it lets running jobs end (N8N_GRACEFUL_SHUTDOWN_TIMEOUT, 5 s here). */
	async stopWorker(name) {
		await this.workers.get(name).stop();
		forget(this.root, name);
		this.workers.delete(name);
	}

	/** Stops everything in reverse order and removes the folder it owns. Safe to call twice. */
	async stop() {
		const keep = process.env.MEDIA_GEN_QUEUE_KEEP === '1';
		await Promise.all([...this.workers.keys()].map(async (name) => await this.stopWorker(name)));
		if (this.main) {
			await this.main.stop();
			forget(this.root, 'main');
			this.main = undefined;
		}
		if (this.redis) await stopRedis(this.root, this.redis);
		if (this.postgres) await stopPostgres(this.root, this.postgres);
		// anything a failed stop left behind, then the folder it owns (unless kept for a look at the logs)
		if (keep) console.log(`Queue suite: logs and data kept in ${this.root}`);
		if (this.ownsRoot) cleanupSync(this.root, { keepFolder: keep });
	}
}

// settings.js and worker-logs.js hold the rest; this file's importers find them here as before
module.exports = {
	QueueCluster,
	PORTS,
	QUEUE_TIMING,
	queueEnv,
	memoryOf,
	executionsRunBy,
	createdJobsIn,
};
