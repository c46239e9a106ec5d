'use strict';
/** Processes a test started and must clean up after a SIGKILL (n8n's task runner, …). */
const fs = require('node:fs');

/** The processes a process started, and theirs, from /proc. */
function descendants(pid) {
	let tasks = [];
	try {
		tasks = fs.readdirSync(`/proc/${pid}/task`);
	} catch {
		return [];
	}
	const found = [];
	for (const task of tasks) {
		const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
		if (text) found.push(...text.split(/\s+/).map(Number));
	}
	return found.flatMap((c) => [c, ...descendants(c)]);
}

/** Kills a child process with SIGKILL, as a crash would, then the processes it had started. */
async function killHard(child) {
	const children = descendants(child.pid);
	const exited = new Promise((r) => child.once('exit', r));
	child.kill('SIGKILL');
	await exited;
	for (const pid of children) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
}

module.exports = { descendants, killHard };
