'use strict';
/**
 * Drives the real n8n CLI: a throwaway user folder with the packed node package installed as a
 * community package, credential and workflow import, and `n8n execute`. Used by the end-to-end
 * suite, the demo and the screenshot script. Needs `n8n` on PATH (scripts/n8n.sh puts it there).
 */
const { execFileSync, spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { until } = require('./wait');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = require(path.join(ROOT, 'package.json'));

/** The node type of our node once installed as a community package. */
const NODE_TYPE = `${PACKAGE.name}.mediaGeneration`;

/**
 * Packs the built package as npm would publish it, into `destination`, and unpacks it into
 * `target` (created when missing). Returns the tarball's path and the files it holds.
 */
function unpackPackage(target, destination) {
	fs.mkdirSync(target, { recursive: true });
	const out = execFileSync(
		'npm',
		['pack', '--json', '--pack-destination', destination, '--loglevel=error'],
		{ cwd: ROOT, encoding: 'utf8' },
	);
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	const tarball = path.join(destination, info.filename);
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	return { tarball, files: info.files.map((f) => f.path) };
}

/**
 * Runs an n8n command to its end. What it prints goes to files, not pipes: `n8n execute` prints its
 * result (hundreds of KB when binaries stay in memory) just before it calls `process.exit()`, and
 * on a busy machine the end of a write to a pipe was lost that way (n8n 1.123 and 2.40, exit code
 * 0, the JSON cut off midway). Writes to a file are synchronous, so the file holds all of it.
 */
function run(args, env, { timeoutMs = 300_000, onSpawn } = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-n8n-output-'));
	const files = { stdout: path.join(dir, 'stdout'), stderr: path.join(dir, 'stderr') };
	const out = fs.openSync(files.stdout, 'w');
	const err = fs.openSync(files.stderr, 'w');
	return new Promise((resolve) => {
		const child = spawn('n8n', args, { env, stdio: ['ignore', out, err] });
		fs.closeSync(out);
		fs.closeSync(err);
		let timedOut = false;
		let ended = false;
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGTERM');
		}, timeoutMs);
		const finish = (code, signal) => {
			if (ended) return;
			ended = true;
			clearTimeout(timer);
			const printed = {
				stdout: fs.readFileSync(files.stdout, 'utf8'),
				stderr: fs.readFileSync(files.stderr, 'utf8'),
			};
			fs.rmSync(dir, { recursive: true, force: true });
			resolve({ code, signal: signal ?? undefined, ...printed });
		};
		child.once('error', () => finish(1));
		child.once('exit', (code, signal) => finish(timedOut || code === null ? 1 : code, signal));
		onSpawn?.(child);
	});
}

/**
 * A port for one n8n process's task-runner broker, below the ephemeral range. Each `execute`
 * gets its own: the runner of the run before may still hold its port for a moment after that
 * process exits, and n8n then exits with code 1 at once ("n8n Task Broker's port … is already
 * in use", on stdout, nothing on stderr).
 */
function brokerPort() {
	return String(10000 + crypto.randomInt(10000));
}

/**
 * The path of a package or file of the n8n release on PATH (scripts/n8n.sh puts that release's
 * node_modules/.bin there), e.g. `runtimePath('n8n/dist/modules/chat-hub')`.
 */
function runtimePath(name) {
	const bin = (process.env.PATH ?? '')
		.split(path.delimiter)
		.find((dir) => path.basename(dir) === '.bin' && fs.existsSync(path.join(dir, 'n8n')));
	if (!bin) throw new Error('No n8n release on PATH: run this through scripts/n8n.sh');
	return path.join(bin, '..', name);
}

/**
 * A package of the n8n release on PATH, for what a test needs to know of the release itself,
 * e.g. `runtimePackage('n8n-workflow')`.
 */
function runtimePackage(name) {
	return require(runtimePath(name));
}

/** A 16-character id in n8n's own alphabet. */
function newId() {
	return crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
}

/**
 * Under .ci/run (MEDIA_GEN_N8N_LOGS names a folder), every long-running n8n writes its log to a
 * file and the file is listed there, so that a failed stage can print the end of each log; so
 * does every `n8n execute` that exits with an error.
 */
let ciLogs = 0;
function ciLogFile(args) {
	const folder = process.env.MEDIA_GEN_N8N_LOGS;
	if (!folder) return undefined;
	return path.join(folder, `n8n-${args[0]}-${process.pid}-${++ciLogs}.log`);
}
function noteLog(logFile) {
	const folder = process.env.MEDIA_GEN_N8N_LOGS;
	if (folder && logFile)
		fs.appendFileSync(path.join(folder, 'index'), `${path.resolve(logFile)}\n`);
}

/** How a run of the n8n CLI ended, for a log or an error. */
const ending = (r) => (r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`);

/** Under .ci/run, a run that did not exit cleanly gets a log of its own, listed for CI. */
function logForCi(command, r, note) {
	const logFile = ciLogFile([command]);
	if (!logFile) return;
	fs.writeFileSync(logFile, `n8n ${command}: ${ending(r)}, ${note}\n${r.stdout}\n${r.stderr}`);
	noteLog(logFile);
}

/**
 * Checks an import's run. On a busy machine n8n has died on its way out just after it printed that
 * the import succeeded (exit code 1 or a signal, nothing else printed): the import is then done,
 * and the run only leaves its log for CI.
 */
function imported(r, command) {
	if (r.code === 0) return;
	if (!/^Successfully imported /m.test(r.stdout))
		throw new Error(`n8n ${command} failed (${ending(r)}):\n${r.stdout}\n${r.stderr}`);
	logForCi(command, r, 'after its success');
}

class N8nInstance {
	/**
	 * @param {object} [options]
	 * @param {string} [options.folder] the user folder (default: a new temporary one)
	 * @param {string} [options.binaryDataMode] where n8n keeps binary data: 'filesystem' (the
	 *   default, as in a regular instance and the only mode of n8n 3.0), or 'default', n8n 2.x's
	 *   in-memory mode, which inlines files in outputs as base64, or 'database' (queue mode)
	 */
	constructor(options = {}) {
		this.folder = options.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-n8n-'));
		this.ownsFolder = !options.folder;
		this.env = {
			...process.env,
			N8N_USER_FOLDER: this.folder,
			N8N_ENCRYPTION_KEY: 'media-generation-e2e-key',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			N8N_DEFAULT_BINARY_DATA_MODE: options.binaryDataMode ?? 'filesystem',
			// the package is installed as an unverified community package: allowed by default up
			// to n8n 2.x, refused by default from n8n 3.0 unless this is set
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_SECURE_COOKIE: 'false',
			DB_SQLITE_POOL_SIZE: '1',
			// every n8n process opens a task-runner broker (default port 5679): a port of its own lets
			// several instances (tests, the demo, a dev editor) run side by side
			N8N_RUNNERS_BROKER_PORT: brokerPort(),
			...options.env,
		};
		// n8n keeps its logger quiet under NODE_ENV=test (set by test runners), which would hide the
		// result that `execute` prints; the CLI runs here as it does for a user.
		delete this.env.NODE_ENV;
		delete this.env.N8N_BINARY_DATA_STORAGE_PATH;
	}

	/**
	 * Installs the packed package where n8n looks for community packages.
	 * @param {object} [options]
	 * @param {string} [options.tarball] a tarball packed before (several instances share one)
	 * @returns {this} with `tarball` set to the tarball installed
	 */
	installPackage({ tarball } = {}) {
		const nodesDir = path.join(this.folder, '.n8n', 'nodes');
		const target = path.join(nodesDir, 'node_modules', PACKAGE.name);
		if (tarball) {
			fs.mkdirSync(target, { recursive: true });
			execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
			this.tarball = tarball;
		} else {
			this.tarball = unpackPackage(target, this.folder).tarball;
		}
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify(
				{
					name: 'installed-nodes',
					private: true,
					dependencies: { [PACKAGE.name]: PACKAGE.version },
				},
				null,
				2,
			),
		);
		return this;
	}

	/** Imports credentials given as [{id, name, type, data}] (data in plain text; n8n encrypts it). */
	async importCredentials(credentials) {
		const file = path.join(this.folder, `credentials-${newId()}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials));
		const r = await run(['import:credentials', `--input=${file}`], this.env);
		fs.rmSync(file, { force: true });
		imported(r, 'import:credentials');
	}

	/** Imports several workflow objects in one run of the CLI; returns their ids, in order. */
	async importWorkflows(workflows) {
		const dir = fs.mkdtempSync(path.join(this.folder, 'workflows-'));
		const ids = workflows.map((w) => w.id ?? newId());
		workflows.forEach((w, i) =>
			fs.writeFileSync(
				path.join(dir, `${ids[i]}.json`),
				JSON.stringify({ active: false, settings: {}, ...w, id: ids[i] }),
			),
		);
		const r = await run(['import:workflow', '--separate', `--input=${dir}`], this.env);
		fs.rmSync(dir, { recursive: true, force: true });
		imported(r, 'import:workflow');
		return ids;
	}

	/**
	 * Runs a workflow with `n8n execute --id --rawOutput`.
	 * @param {object} [options]
	 * @param {object} [options.env] extra environment for this run (another binary data mode, say)
	 * @param {function} [options.onSpawn] called with the `n8n execute` child process once started
	 * @param {number} [options.timeoutMs] when to give up on the run (default 5 minutes)
	 * @returns {Promise<{code: number, data: object | undefined, stdout: string, stderr: string}>}
	 *   data is the run's result (resultData.runData …) when n8n printed one
	 */
	async execute(id, { env, onSpawn, timeoutMs } = {}) {
		const own = { ...this.env, N8N_RUNNERS_BROKER_PORT: brokerPort(), ...env };
		const r = await run(['execute', `--id=${id}`, '--rawOutput'], own, { onSpawn, timeoutMs });
		const data = parseResult(r.stdout);
		const code = executeCode(r, data);
		if (r.code !== 0) logForCi('execute', r, `taken as ${code}`);
		return { ...r, code, data };
	}

	/**
	 * Starts `n8n execute --id` without waiting for it: returns the process and a function giving
	 * everything it printed so far (for a run that a test stops or kills midway).
	 */
	spawnExecute(id) {
		const env = { ...this.env, N8N_RUNNERS_BROKER_PORT: brokerPort() };
		const child = spawn('n8n', ['execute', `--id=${id}`, '--rawOutput'], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		return { child, output: () => output };
	}

	/**
	 * The bytes of a binary of a run's output, wherever n8n kept them: in the output itself
	 * (in-memory mode, base64) or in this instance's binary storage (filesystem mode).
	 */
	fileBytes(binary) {
		if (binary.id) return fs.readFileSync(this.binaryPath(binary.id));
		return Buffer.from(binary.data, 'base64');
	}

	/** Where n8n's filesystem binary mode keeps a binary, from its id. */
	binaryPath(binaryId) {
		const [mode, location] = binaryId.split(':');
		if (!mode.startsWith('filesystem')) throw new Error(`Not a filesystem binary: ${binaryId}`);
		// n8n 2.x keeps binaries under .n8n/storage, 1.x under .n8n/binaryData
		const folders = ['storage', 'binaryData'].map((name) =>
			path.join(this.folder, '.n8n', name, location),
		);
		return folders.find((file) => fs.existsSync(file)) ?? folders[0];
	}

	/**
	 * Starts `n8n start` on loopback; resolves once the editor answers.
	 * @param {number} port
	 * @param {LaunchOptions} [options]
	 */
	async start(port, options = {}) {
		const env = {
			...this.env,
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			...options.env,
		};
		await this.launch(['start'], env, `http://127.0.0.1:${port}/healthz/readiness`, options);
		return `http://127.0.0.1:${port}`;
	}

	/**
	 * Starts `n8n worker` (queue mode: the environment must name Redis and the database); resolves
	 * once the worker's health server, on loopback at `healthPort`, says it is ready.
	 * @param {number} healthPort
	 * @param {LaunchOptions & {concurrency?: number}} [options]
	 */
	async startWorker(healthPort, options = {}) {
		const env = {
			...this.env,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			...options.env,
		};
		const args = [
			'worker',
			...(options.concurrency ? [`--concurrency=${options.concurrency}`] : []),
		];
		await this.launch(args, env, `http://127.0.0.1:${healthPort}/healthz/readiness`, options);
	}

	/**
	 * @typedef {object} LaunchOptions
	 * @property {object} [env] extra environment for this process
	 * @property {string} [logFile] append the process's output to this file (default: kept in memory)
	 * @property {boolean} [group] run it in a process group of its own, so that stop() and kill()
	 *   also end its children (n8n's task runner)
	 * @property {number} [timeoutMs] how long it may take to become ready (default 3 minutes)
	 */

	/** Spawns a long-running n8n command and waits until `readyUrl` answers 2xx. */
	async launch(
		args,
		env,
		readyUrl,
		{ logFile = ciLogFile(args), group = false, timeoutMs = 180_000 } = {},
	) {
		noteLog(logFile);
		let stdio = ['ignore', 'pipe', 'pipe'];
		let fd;
		if (logFile) {
			fd = fs.openSync(logFile, 'a');
			stdio = ['ignore', fd, fd];
		}
		this.server = spawn('n8n', args, { env, stdio, detached: group });
		this.group = group;
		this.logFile = logFile;
		if (fd !== undefined) fs.closeSync(fd);
		this.output = '';
		this.server.stdout?.on('data', (d) => (this.output += d));
		this.server.stderr?.on('data', (d) => (this.output += d));
		const exited = () => this.server.exitCode !== null || this.server.signalCode !== null;
		const ready = async () =>
			exited() ||
			(await fetch(readyUrl).then(
				(r) => r.ok,
				() => false,
			));
		const settled = await until(ready, `n8n ${args[0]}`, { timeoutMs, intervalMs: 500 }).catch(
			() => false,
		);
		if (exited())
			throw new Error(
				`n8n ${args[0]} exited (${this.server.exitCode ?? this.server.signalCode}):\n${this.log()}`,
			);
		if (!settled)
			throw new Error(`n8n ${args[0]} was not ready within ${timeoutMs / 1000} s:\n${this.log()}`);
	}

	/** The process id of the running n8n command (start or worker). */
	get pid() {
		return this.server?.pid;
	}

	/** What the running (or last) n8n command printed so far. */
	log() {
		if (this.logFile)
			return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
		return this.output ?? '';
	}

	/** Sends a signal to the n8n command, and to its whole process group when it has one. */
	kill(signal = 'SIGTERM') {
		if (!this.server?.pid) return;
		try {
			process.kill(this.group ? -this.server.pid : this.server.pid, signal);
		} catch {
			// already gone
		}
	}

	async stop() {
		if (this.server && this.server.exitCode === null && this.server.signalCode === null) {
			const exited = new Promise((r) => this.server.once('exit', r));
			this.kill('SIGTERM');
			let timer;
			await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
			clearTimeout(timer);
			if (this.server.exitCode === null && this.server.signalCode === null) this.kill('SIGKILL');
		}
		// what is left of its group (a task runner whose parent was killed)
		if (this.group) this.kill('SIGKILL');
		if (this.ownsFolder) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

/**
 * n8n prints log lines first, then the result JSON (pretty-printed: its first line is "{" alone, its
 * last "}" alone), then (for a failed run) the error. Another line may start with "{" before it (a
 * log line in JSON, from the task runner, say): each "{" line is tried as the start, with each later
 * "}" line as the end, and the first pair that makes valid JSON is the result.
 */
function parseResult(stdout) {
	const lines = stdout.split('\n');
	const ends = [];
	lines.forEach((l, i) => l === '}' && ends.push(i));
	for (let start = 0; start < lines.length; start++) {
		if (lines[start] !== '{') continue;
		for (const end of ends) {
			if (end <= start) continue;
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n'));
			} catch {
				// not the closing brace of the result yet
			}
		}
	}
	return undefined;
}

/**
 * The exit code of an `n8n execute`, as the run it printed decides it. n8n 1.123 exits with its
 * vm expression engine's isolates still alive, and under load the process then sometimes dies by
 * SIGSEGV after printing the finished run: that run, not the crash on the way out, is the outcome.
 * A process killed before it printed a finished run keeps code 1.
 */
function executeCode({ code, signal }, data) {
	if (!signal || !data?.finished) return code;
	return data.status === 'success' ? 0 : 1;
}

/**
 * Which of n8n's binary data modes kept a binary of a run's output: 'default' for the in-memory
 * mode (the file inlined as base64, no id), else the mode its id names ('filesystem' for
 * `filesystem:` and `filesystem-v2:` ids, 'database', 's3'). A test that means one mode checks
 * it, so that an n8n that falls back to another mode (n8n 3.0 has no in-memory mode) fails it.
 */
function binaryModeOf(binary) {
	if (!binary?.id) return binary?.data ? 'default' : 'none';
	const mode = binary.id.split(':')[0];
	return mode.startsWith('filesystem') ? 'filesystem' : mode;
}

/** The items a node output on its first run (main output 0 unless told), as n8n reports them. */
function nodeItems(data, nodeName, { connection = 'main', output = 0 } = {}) {
	const runs = runData(data)?.[nodeName];
	if (!runs) return undefined;
	return runs[0]?.data?.[connection]?.[output] ?? [];
}

/** Every node's runs, by node name. */
function runData(data) {
	return data?.resultData?.runData ?? data?.data?.resultData?.runData;
}

/** The error of a failed run, as n8n reports it. */
function runError(data) {
	return data?.resultData?.error ?? data?.data?.resultData?.error;
}

module.exports = {
	N8nInstance,
	NODE_TYPE,
	PACKAGE,
	unpackPackage,
	parseResult,
	executeCode,
	nodeItems,
	binaryModeOf,
	runData,
	runError,
	newId,
	runtimePath,
	runtimePackage,
};
