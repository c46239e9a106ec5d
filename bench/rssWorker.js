'use strict';
/** The sampling thread of rssSampler.js: what it reads goes into the shared memory it was given. */
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
const { PEAK, HIGHEST_RSS, NATIVE_HEAP, STOPPED } = require('./rssSampler');

const { pid, everyMs, shared } = workerData;

function nativeHeap() {
	const smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
	const at = smaps.indexOf('[heap]');
	const m = at < 0 ? null : /Rss:\s+(\d+) kB/.exec(smaps.slice(at, at + 400));
	return m ? Number(m[1]) : 0;
}

function read() {
	if (shared[STOPPED]) return;
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const m = /VmHWM:\s+(\d+) kB/.exec(status);
		if (m) shared[PEAK] = Math.max(shared[PEAK], Number(m[1]));
		const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
		// reading smaps costs tens of ms: only when the RSS has risen by 1 MB or more
		if (rss > shared[HIGHEST_RSS] + 1024 || shared[NATIVE_HEAP] < 0) {
			const heap = nativeHeap();
			if (shared[STOPPED]) return;
			shared[HIGHEST_RSS] = rss;
			shared[NATIVE_HEAP] = heap;
		}
	} catch {
		// the process is gone
	}
}

read();
setInterval(read, everyMs);
