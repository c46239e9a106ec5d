'use strict';
/** Runs one n8n CLI command to its end, and says how it ended. */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

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

/** How a run of the n8n CLI ended, for a log or an error. */
const ending = (r) => (r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`);

module.exports = { ending, run };
