'use strict';
/**
 * n8n in queue mode on this machine, for the queue suite: PostgreSQL and Redis started by hand on
 * loopback under a throwaway folder, the pinned n8n as a main (`n8n start`, EXECUTIONS_MODE=queue)
 * and `n8n worker` processes, each with our package installed as a community package from one
 * packed tarball. Needs `n8n` on PATH (scripts/n8n.sh) and PostgreSQL and Redis installed
 * (scripts/queue-services.sh). Every process is noted in the folder as it starts (cleanup.js).
 */
const { execFile, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');
const { N8nInstance } = require('../../harness/n8n-cli');
const { remember, forget, cleanupSync, alive } = require('./cleanup');

const run = promisify(execFile);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every port the suite listens on: all within 5700-5749. */
const PORTS = {
	main: 5700,
	redis: 5701,
	postgres: 5702,
	/** the fake service: its API, and the origin of its result files */
	fake: 5703,
	fakeFiles: 5704,
	mainRunnerBroker: 5705,
	/** worker n (1, 2, …): its health server and its task-runner broker */
	worker: (n) => ({ health: 5708 + 2 * n, broker: 5709 + 2 * n }),
};

/**
 * How fast a lost worker is noticed: its lock on a job lasts 10 s (n8n's default: 60 s) and is
 * renewed every 2.5 s; the other workers look for stalled jobs every 5 s.
 */
const QUEUE_TIMING = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/** The environment every n8n process of the cluster shares (the runner broker port differs). */
function queueEnv() {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(PORTS.redis),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(PORTS.postgres),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_LOG_LEVEL: 'info',
		...QUEUE_TIMING,
	};
}

/** The folder of PostgreSQL's server programs (scripts/queue-services.sh exports it). */
function postgresBin() {
	if (process.env.MEDIA_GEN_PG_BIN) return process.env.MEDIA_GEN_PG_BIN;
	const versions = fs.existsSync('/usr/lib/postgresql')
		? fs.readdirSync('/usr/lib/postgresql')
		: [];
	const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
	if (!newest)
		throw new Error('PostgreSQL is not installed: run the suite with `npm run test:queue`');
	return path.join('/usr/lib/postgresql', newest, 'bin');
}

/** initdb refuses to run as root: PostgreSQL's programs run as the `postgres` user then. */
async function asPostgres(program, args, cwd) {
	const asRoot = process.getuid?.() === 0;
	const [cmd, argv] = asRoot
		? ['runuser', ['-u', 'postgres', '--', program, ...args]]
		: [program, args];
	return await run(cmd, argv, { cwd });
}

function ping(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d;
			if (answer.includes('\r\n')) {
				socket.destroy();
				resolve(answer.startsWith('+PONG'));
			}
		});
		socket.on('error', () => resolve(false));
	});
}

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
		await Promise.all([this.startPostgres(), this.startRedis()]);
		await this.startMain();
		await Promise.all(
			Array.from({ length: workers }, async () => await this.startWorker({ concurrency })),
		);
		return this;
	}

	async startPostgres() {
		const bin = postgresBin();
		this.pgBin = bin;
		const dir = path.join(this.root, 'postgres');
		fs.mkdirSync(dir, { mode: 0o700 });
		if (process.getuid?.() === 0) {
			const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
			const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
			fs.chownSync(dir, uid, gid);
		}
		this.pgData = path.join(dir, 'data');
		await asPostgres(
			path.join(bin, 'initdb'),
			['-D', this.pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
			dir,
		);
		const settings = [
			`-p ${PORTS.postgres}`,
			`-k ${dir}`, // its socket stays in the folder, out of /var/run
			'-c listen_addresses=127.0.0.1',
			// a throwaway database: no need to survive a power cut
			'-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
		].join(' ');
		await asPostgres(
			path.join(bin, 'pg_ctl'),
			['-D', this.pgData, '-l', path.join(dir, 'server.log'), '-o', settings, '-w', 'start'],
			dir,
		);
		const pid = Number(
			fs.readFileSync(path.join(this.pgData, 'postmaster.pid'), 'utf8').split('\n')[0],
		);
		remember(this.root, { name: 'postgres', pid, kind: 'postgres' });
		this.pgPid = pid;
	}

	async startRedis() {
		const dir = path.join(this.root, 'redis');
		fs.mkdirSync(dir);
		const out = fs.openSync(path.join(this.logs, 'redis.log'), 'a');
		const args = [
			'--port',
			String(PORTS.redis),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--daemonize',
			'no',
		];
		this.redis = spawn('redis-server', args, { stdio: ['ignore', out, out], detached: true });
		fs.closeSync(out);
		remember(this.root, { name: 'redis', pid: this.redis.pid, kind: 'group' });
		for (let i = 0; i < 100; i++) {
			if (await ping(PORTS.redis)) return;
			if (this.redis.exitCode !== null) break;
			await sleep(100);
		}
		throw new Error(
			`Redis did not start:\n${fs.readFileSync(path.join(this.logs, 'redis.log'), 'utf8')}`,
		);
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
		if (this.redis && this.redis.exitCode === null && this.redis.signalCode === null) {
			const exited = new Promise((r) => this.redis.once('exit', r));
			process.kill(this.redis.pid, 'SIGTERM');
			let timer;
			await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
			clearTimeout(timer);
			if (this.redis.exitCode === null && this.redis.signalCode === null)
				process.kill(-this.redis.pid, 'SIGKILL');
			forget(this.root, 'redis');
		}
		if (this.pgPid && alive(this.pgPid)) {
			await asPostgres(
				path.join(this.pgBin, 'pg_ctl'),
				['-D', this.pgData, '-m', 'fast', '-w', 'stop'],
				path.dirname(this.pgData),
			).catch(() => undefined);
			if (!alive(this.pgPid)) forget(this.root, 'postgres');
		}
		// anything a failed stop left behind, then the folder it owns (unless kept for a look at the logs)
		if (keep) console.log(`Queue suite: logs and data kept in ${this.root}`);
		if (this.ownsRoot) cleanupSync(this.root, { keepFolder: keep });
	}
}

/** The executions a worker ran, from its log ("Worker started execution 12 (job 7)"). */
function executionsRunBy(worker) {
	return [...worker.log().matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
}

/**
 * The job ids a worker's log holds, from the node's line for each job it created:
 * `Media Generation: created <kind> job <id> for item <i> of node "<name>" (…, execution <id>)`.
 */
function createdJobsIn(log) {
	const re =
		/Media Generation: created (\w+) job ([0-9a-f-]{36}) for item (\d+) of node "([^"]+)" \(([^,]+), execution (\d+)\)/g;
	return [...log.matchAll(re)].map((m) => ({
		kind: m[1],
		jobId: m[2],
		itemIndex: Number(m[3]),
		node: m[4],
		operation: m[5],
		executionId: m[6],
	}));
}

module.exports = {
	QueueCluster,
	PORTS,
	QUEUE_TIMING,
	queueEnv,
	memoryOf,
	executionsRunBy,
	createdJobsIn,
};
