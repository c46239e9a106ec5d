'use strict';
/**
 * What the queue suite started, written down as it starts it, so that it can be ended from
 * anywhere: the cluster's own stop() in afterAll, and, when a test file dies or Jest is
 * interrupted, the global teardown and the exit handlers of Jest's own process (handlers set
 * inside a test file never fire: Jest gives tests a copy of `process`).
 *
 * Everything lives in one throwaway folder; `processes.json` in it lists {name, pid, kind}:
 * kind 'group' (a process group of its own, ended with its children), 'pid' (one process), or
 * 'postgres' (a postmaster, ended with SIGQUIT, PostgreSQL's immediate shutdown).
 */
const fs = require('node:fs');
const path = require('node:path');

const REGISTRY = 'processes.json';

function read(root) {
	try {
		return JSON.parse(fs.readFileSync(path.join(root, REGISTRY), 'utf8'));
	} catch {
		return [];
	}
}

function write(root, entries) {
	fs.writeFileSync(path.join(root, REGISTRY), JSON.stringify(entries, null, 1));
}

/** Notes a process the suite started. */
function remember(root, entry) {
	write(root, [...read(root).filter((e) => e.name !== entry.name), entry]);
}

/** Forgets a process once it was ended properly. */
function forget(root, name) {
	write(
		root,
		read(root).filter((e) => e.name !== name),
	);
}

function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function signal(pid, sig) {
	try {
		process.kill(pid, sig);
	} catch {
		// already gone
	}
}

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Ends every process still listed, at once and synchronously (it runs in exit handlers), then
 * removes the folder (kept with `keepFolder`, for a look at the logs). Safe to call twice.
 */
function cleanupSync(root, { keepFolder = false } = {}) {
	if (!root || !fs.existsSync(root)) return;
	const entries = read(root);
	for (const e of entries) {
		if (e.kind === 'group') signal(-e.pid, 'SIGKILL');
		signal(e.pid, e.kind === 'postgres' ? 'SIGQUIT' : 'SIGKILL');
	}
	// PostgreSQL's server processes leave within a moment of SIGQUIT; the folder goes after them
	const deadline = Date.now() + 5000;
	while (entries.some((e) => alive(e.pid)) && Date.now() < deadline) pause(50);
	for (const e of entries) if (alive(e.pid)) signal(e.pid, 'SIGKILL');
	write(root, []);
	if (!keepFolder) fs.rmSync(root, { recursive: true, force: true });
}

module.exports = { remember, forget, cleanupSync, alive };
