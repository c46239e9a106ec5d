'use strict';
/**
 * Samples a process's memory from /proc on a thread of its own. Reading /proc/PID/smaps of an n8n
 * process takes 20 to 90 ms; on the bench's main thread, where the fake service answers, those
 * reads held the service's answers back for as long, every 50 ms of a run's first seconds while
 * n8n's memory grew (2026-11-29: a model listing answered 80 ms late, a first create 30 ms late).
 * The thread writes what it saw into shared memory, which the main thread reads at any time.
 */
const path = require('node:path');
const { Worker } = require('node:worker_threads');

/** The slots of the shared memory: peak (VmHWM), highest sampled RSS and its native heap, in kB. */
const PEAK = 0;
const HIGHEST_RSS = 1;
const NATIVE_HEAP = 2;
/** set by the main thread when it stops the sampling */
const STOPPED = 3;

/**
 * Samples VmHWM (the peak resident set) of a process every `everyMs` until it exits. The kernel
 * keeps the peak, so the last sample before exit is the run's peak, short of its final moments.
 *
 * It also keeps how much of the process's highest sampled RSS is its native heap: the `[heap]`
 * mapping of /proc/PID/smaps, where malloc puts the buffers a network stream reads into (Node.js
 * frees them at V8's next garbage collection). The JavaScript heap and loaded code live elsewhere,
 * so this part tells what a transfer itself costs, whichever nodes the workflow loaded.
 */
function sampleRss(pid, everyMs = 50) {
	const shared = new Float64Array(new SharedArrayBuffer(4 * Float64Array.BYTES_PER_ELEMENT));
	shared[NATIVE_HEAP] = -1;
	const worker = new Worker(path.join(__dirname, 'rssWorker.js'), {
		workerData: { pid, everyMs, shared },
	});
	// the sampling never keeps the bench alive, and a failed read only leaves a figure unset
	worker.unref();
	worker.on('error', () => undefined);
	return {
		stop() {
			shared[STOPPED] = 1;
			void worker.terminate();
			return shared[PEAK] / 1024;
		},
		/** the peak so far (MB) */
		peakMb: () => shared[PEAK] / 1024,
		/** the highest resident set sampled so far (MB) */
		highestRssMb: () => shared[HIGHEST_RSS] / 1024,
		/** the native heap when the RSS was at its highest sample (MB) */
		nativeHeapMb: () => Math.max(shared[NATIVE_HEAP], 0) / 1024,
	};
}

module.exports = { sampleRss, PEAK, HIGHEST_RSS, NATIVE_HEAP, STOPPED };
