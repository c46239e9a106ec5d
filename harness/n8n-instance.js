'use strict';
/**
 * An n8n instance: a user folder (n8n-user-folder.js) and the long-running n8n command that serves
 * it, `n8n start` or `n8n worker`, started, watched and stopped. Used by the end-to-end suites,
 * the demo and the screenshot script.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const { ciLogFile, noteLog } = require('./n8n-ci-logs');
const { N8nUserFolder } = require('./n8n-user-folder');
const { until } = require('./wait');

class N8nInstance extends N8nUserFolder {
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

	/** Stops the n8n command (SIGKILL after 15 s), then removes the user folder if it made it. */
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

module.exports = { N8nInstance };
