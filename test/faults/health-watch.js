'use strict';
/**
 * Watches an n8n instance from a separate process: /healthz every 250 ms, and the server's
 * resident memory. The fake service runs in the test's own process and is busy during a large
 * batch; timing /healthz from there would count the test's delays as n8n's.
 */
const fs = require('node:fs');
const { spawn } = require('node:child_process');

const WATCHER = `
const [url, pid] = process.argv.slice(1);
const fs = require('node:fs');
const rss = () => { try { return Number(/VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) / 1024; } catch { return 0; } };
(async () => {
	for (;;) {
		const t = Date.now();
		const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
		process.stdout.write(JSON.stringify({ at: t, ms: ok ? Date.now() - t : null, rssMb: rss() }) + '\\n');
		await new Promise((r) => setTimeout(r, 250));
	}
})();
`;

/** Starts watching; stop() ends the watcher and returns every check as {at, ms, rssMb}. */
function watchHealth(baseUrl, pid) {
	const child = spawn(process.execPath, ['-e', WATCHER, `${baseUrl}/healthz`, String(pid)], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let text = '';
	child.stdout.on('data', (d) => (text += d));
	return {
		async stop() {
			const exited = new Promise((r) => child.once('exit', r));
			child.kill('SIGTERM');
			await exited;
			return text
				.split('\n')
				.filter(Boolean)
				.map((l) => JSON.parse(l));
		},
	};
}

/** Resident memory of a process in MB (VmRSS). */
function rssMb(pid) {
	const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
	return Number(m[1]) / 1024;
}

/**
 * Watches /healthz and the server's memory while `work` runs: its result, and the memory before
 * and at its peak, the number of checks and the slowest one (with how far into the run it came).
 */
async function watchWhile(baseUrl, pid, work) {
	const baseRssMb = rssMb(pid);
	const watcher = watchHealth(baseUrl, pid);
	const started = Date.now();
	let stats;
	let result;
	try {
		result = await work();
	} finally {
		const checks = await watcher.stop();
		const slowest = checks.reduce(
			(a, c) => ((c.ms ?? Infinity) > (a?.ms ?? -1) ? c : a),
			undefined,
		);
		stats = {
			baseRssMb,
			peakRssMb: Math.max(...checks.map((c) => c.rssMb)),
			healthChecks: checks.length,
			slowestHealthMs: slowest?.ms ?? Infinity,
			slowestAtS: slowest ? ((slowest.at - started) / 1000).toFixed(1) : '-',
		};
	}
	return { result, stats };
}

module.exports = { watchWhile };
