'use strict';
/**
 * A throwaway n8n user folder driven through the real n8n CLI: the environment every command on it
 * gets, the packed node package installed as a community package, credential and workflow import,
 * `n8n execute`, and the binaries a run kept there. Needs `n8n` on PATH (scripts/n8n.sh puts it there).
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { logForCi } = require('./n8n-ci-logs');
const { executeCode, parseResult } = require('./n8n-execute-result');
const { installPackage } = require('./n8n-package');
const { ending, run } = require('./n8n-run');
const { brokerPort } = require('./ports');

/** A 16-character id in n8n's own alphabet. */
function newId() {
	return crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
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

/** The arguments of `n8n execute` for a workflow, its result printed as JSON. */
const executeArgs = (id) => ['execute', `--id=${id}`, '--rawOutput'];

class N8nUserFolder {
	/**
	 * @param {object} [options]
	 * @param {string} [options.folder] the user folder (default: a new temporary one)
	 * @param {string} [options.binaryDataMode] where n8n keeps binary data: 'filesystem' (the
	 *   default, as in a regular instance and the only mode of n8n 3.0), or 'default', n8n 2.x's
	 *   in-memory mode, which inlines files in outputs as base64, or 'database' (queue mode)
	 * @param {object} [options.env] extra environment for every n8n command
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
		this.tarball = installPackage(this.folder, tarball);
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
		const r = await run(executeArgs(id), own, { onSpawn, timeoutMs });
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
		const child = spawn('n8n', executeArgs(id), { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		return { child, output: () => output };
	}

	/**
	 * The bytes of a binary of a run's output, wherever n8n kept them: in the output itself
	 * (in-memory mode, base64) or in this folder's binary storage (filesystem mode).
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
}

module.exports = { N8nUserFolder, newId };
