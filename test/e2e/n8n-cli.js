'use strict';
/**
 * Drives the real n8n CLI: a throwaway user folder with the packed node package installed as a
 * community package, credential and workflow import, and `n8n execute`. Used by the end-to-end
 * suite, the demo and the screenshot script. Needs `n8n` on PATH (scripts/n8n.sh puts it there).
 */
const { execFile, execFileSync, spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = require(path.join(ROOT, 'package.json'));

/** The node type of our node once installed as a community package. */
const NODE_TYPE = `${PACKAGE.name}.mediaGeneration`;

/**
 * Packs the built package as npm would publish it, into `destination`, and unpacks it into
 * `target` (created when missing). Returns the tarball's path and the files it holds.
 */
function unpackPackage(target, destination) {
	fs.mkdirSync(target, { recursive: true });
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination, '--loglevel=error'], { cwd: ROOT, encoding: 'utf8' });
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	const tarball = path.join(destination, info.filename);
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	return { tarball, files: info.files.map((f) => f.path) };
}

function run(args, env, { timeoutMs = 300_000 } = {}) {
	return new Promise((resolve) => {
		execFile('n8n', args, { env, timeout: timeoutMs, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
			resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
		});
	});
}

/** A 16-character id in n8n's own alphabet. */
function newId() {
	return crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
}

class N8nInstance {
	/**
	 * @param {object} [options]
	 * @param {string} [options.folder] the user folder (default: a new temporary one)
	 * @param {string} [options.binaryDataMode] 'default' inlines files in outputs as base64
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
			N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE: 'true',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			N8N_DEFAULT_BINARY_DATA_MODE: options.binaryDataMode ?? 'default',
			N8N_SECURE_COOKIE: 'false',
			DB_SQLITE_POOL_SIZE: '1',
			// every n8n process opens a task-runner broker (default port 5679): a port of its own lets
			// several instances (tests, the demo, a dev editor) run side by side
			N8N_RUNNERS_BROKER_PORT: String(20000 + crypto.randomInt(20000)),
			...options.env,
		};
		// n8n keeps its logger quiet under NODE_ENV=test (set by test runners), which would hide the
		// result that `execute` prints; the CLI runs here as it does for a user.
		delete this.env.NODE_ENV;
		delete this.env.N8N_BINARY_DATA_STORAGE_PATH;
	}

	/** Installs the packed package where n8n looks for community packages. */
	installPackage() {
		const nodesDir = path.join(this.folder, '.n8n', 'nodes');
		unpackPackage(path.join(nodesDir, 'node_modules', PACKAGE.name), this.folder);
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE.name]: PACKAGE.version } }, null, 2),
		);
		return this;
	}

	/** Imports credentials given as [{id, name, type, data}] (data in plain text; n8n encrypts it). */
	async importCredentials(credentials) {
		const file = path.join(this.folder, `credentials-${newId()}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials));
		const r = await run(['import:credentials', `--input=${file}`], this.env);
		fs.rmSync(file, { force: true });
		if (r.code !== 0) throw new Error(`n8n import:credentials failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
	}

	/** Imports several workflow objects in one run of the CLI; returns their ids, in order. */
	async importWorkflows(workflows) {
		const dir = fs.mkdtempSync(path.join(this.folder, 'workflows-'));
		const ids = workflows.map((w) => w.id ?? newId());
		workflows.forEach((w, i) => fs.writeFileSync(path.join(dir, `${ids[i]}.json`), JSON.stringify({ active: false, settings: {}, ...w, id: ids[i] })));
		const r = await run(['import:workflow', '--separate', `--input=${dir}`], this.env);
		fs.rmSync(dir, { recursive: true, force: true });
		if (r.code !== 0) throw new Error(`n8n import:workflow failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
		return ids;
	}

	/**
	 * Runs a workflow with `n8n execute --id --rawOutput`.
	 * @param {object} [options]
	 * @param {object} [options.env] extra environment for this run (another binary data mode, say)
	 * @returns {Promise<{code: number, data: object | undefined, stdout: string, stderr: string}>}
	 *   data is the run's result (resultData.runData …) when n8n printed one
	 */
	async execute(id, { env } = {}) {
		const r = await run(['execute', `--id=${id}`, '--rawOutput'], { ...this.env, ...env });
		return { ...r, data: parseResult(r.stdout) };
	}

	/**
	 * Starts `n8n execute --id` without waiting for it: returns the process and a function giving
	 * everything it printed so far (for a run that a test stops or kills midway).
	 */
	spawnExecute(id) {
		const child = spawn('n8n', ['execute', `--id=${id}`, '--rawOutput'], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		return { child, output: () => output };
	}

	/** Where n8n's filesystem binary mode keeps a binary, from its id. */
	binaryPath(binaryId) {
		const [mode, location] = binaryId.split(':');
		if (!mode.startsWith('filesystem')) throw new Error(`Not a filesystem binary: ${binaryId}`);
		return path.join(this.folder, '.n8n', 'storage', location);
	}

	/** Starts `n8n start` on loopback; resolves once the editor answers. */
	async start(port) {
		const env = { ...this.env, N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_HOST: '127.0.0.1' };
		this.server = spawn('n8n', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		/** everything the server printed so far (its log) */
		this.log = '';
		this.server.stdout.on('data', (d) => (this.log += d));
		this.server.stderr.on('data', (d) => (this.log += d));
		const deadline = Date.now() + 180_000;
		while (Date.now() < deadline) {
			if (this.server.exitCode !== null) throw new Error(`n8n start exited (${this.server.exitCode}):\n${this.log}`);
			const ok = await fetch(`http://127.0.0.1:${port}/healthz/readiness`).then((r) => r.ok, () => false);
			if (ok) return `http://127.0.0.1:${port}`;
			await new Promise((r) => setTimeout(r, 1000));
		}
		throw new Error(`n8n did not start within 3 minutes:\n${this.log}`);
	}

	async stop() {
		if (this.server && this.server.exitCode === null) {
			const exited = new Promise((r) => this.server.once('exit', r));
			this.server.kill('SIGTERM');
			await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
			if (this.server.exitCode === null) this.server.kill('SIGKILL');
		}
		if (this.ownsFolder) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

/**
 * n8n prints log lines first, then the result JSON, then (for a failed run) the error: parse from
 * the first line that starts with "{" to the first closing line that makes the text valid JSON.
 */
function parseResult(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((l) => l.startsWith('{'));
	if (start === -1) return undefined;
	for (let end = start; end < lines.length; end++) {
		if (lines[end] !== '}') continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			// not the closing brace of the result yet
		}
	}
	return undefined;
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

module.exports = { N8nInstance, NODE_TYPE, PACKAGE, unpackPackage, parseResult, nodeItems, runData, runError, newId };
