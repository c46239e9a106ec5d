'use strict';
/**
 * Loaded into each measured n8n process with `node --require` (NODE_OPTIONS, bench/cliRun.js): writes
 * every garbage-collection pause of the process to the file MEDIA_GEN_BENCH_GC_FILE names, a line
 * each: process id, start (epoch ms), duration (ms) and V8's kind of collection. Each process that
 * inherits the setting (n8n's task runners) writes its own lines; gcPauses.js keeps the measured
 * process's.
 */
const file = process.env.MEDIA_GEN_BENCH_GC_FILE;
if (file) {
	const fs = require('node:fs');
	const { PerformanceObserver, performance } = require('node:perf_hooks');
	const observer = new PerformanceObserver((list) => {
		const lines = list
			.getEntries()
			.map(
				(e) =>
					`${process.pid} ${(performance.timeOrigin + e.startTime).toFixed(1)} ${e.duration.toFixed(2)} ${e.detail?.kind ?? 0}\n`,
			);
		fs.appendFileSync(file, lines.join(''));
	});
	// a pause reaches the observer a turn of the event loop later: the last moments of a process
	// that exits at once are not recorded (an n8n run goes on past its nodes' end, saving its result)
	observer.observe({ entryTypes: ['gc'] });
}
