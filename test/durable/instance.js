'use strict';
/**
 * One n8n as users run it without queue mode: `n8n start` with its own SQLite database, our
 * package installed as a community package, binary data on the filesystem, executions started
 * by production webhooks. It can be killed with SIGKILL and started again on the same folder.
 * Every process is noted in the suite's throwaway folder as it starts (../queue/cleanup.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const { N8nInstance } = require('../../harness/n8n-cli');
const { N8nRest } = require('../../harness/n8n-rest');
const { remember, forget } = require('../queue/cleanup');
const { killHard } = require('../faults/processes');

class RegularN8n {
	/**
	 * @param {string} root the suite's throwaway folder
	 * @param {number} port the editor's port
	 * @param {number} brokerPort its task-runner broker's port
	 */
	constructor(root, port, brokerPort) {
		this.root = root;
		this.port = port;
		this.logPath = path.join(root, 'regular.log');
		this.instance = new N8nInstance({
			folder: path.join(root, 'regular'),
			binaryDataMode: 'filesystem',
			env: { N8N_RUNNERS_BROKER_PORT: String(brokerPort), N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5' },
		});
		fs.mkdirSync(this.instance.folder, { recursive: true });
		this.instance.installPackage();
	}

	/** Starts n8n (again) on its folder; the REST client logs in (and sets up the owner once). */
	async start() {
		const ready = this.instance.start(this.port, { logFile: this.logPath, group: true });
		remember(this.root, { name: 'regular', pid: this.instance.pid, kind: 'group' });
		await ready;
		const fresh = !this.rest;
		this.rest = await new N8nRest(`http://127.0.0.1:${this.port}`).ready();
		if (fresh) await this.rest.setupOwner();
		else await this.rest.login();
		return this;
	}

	/** The process id of n8n itself (for its memory, from /proc). */
	get pid() {
		return this.instance.pid;
	}

	/** Ends n8n as a crash or an OOM kill does: SIGKILL, no shutdown, and its task runner too. */
	async kill() {
		await killHard(this.instance.server);
		this.instance.kill('SIGKILL');
		forget(this.root, 'regular');
	}

	async stop() {
		await this.instance.stop();
		forget(this.root, 'regular');
	}

	log() {
		return this.instance.log();
	}
}

module.exports = { RegularN8n };
