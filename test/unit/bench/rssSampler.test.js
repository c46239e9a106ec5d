'use strict';
/** The bench's memory figures of a running process, sampled on a thread of its own (bench/rssSampler.js). */
const { sampleRss } = require('../../../bench/rssSampler');
const { until } = require('../../../harness/wait');

/** Waits for the sampling thread's first sample, seen in `figure`: it starts in some tens of ms. */
const firstSample = (figure) =>
	until(() => figure() > 0, 'the first sample', { timeoutMs: 5000, intervalMs: 20 });

describe('bench: memory sampling', () => {
	test('reads the peak RSS and the native heap of a running process from /proc', async () => {
		const sampler = sampleRss(process.pid, 10);
		await firstSample(sampler.nativeHeapMb);
		const peakMb = sampler.stop();
		const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
		const hwmMb = Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024;
		expect(peakMb).toBeGreaterThan(0);
		// the kernel sums its memory counters from per-CPU parts in batches: two reads moments apart,
		// from two threads, can differ by a few hundred kB (seen: 0.3 MB)
		expect(peakMb).toBeLessThanOrEqual(hwmMb + 1);
		expect(sampler.nativeHeapMb()).toBeGreaterThan(0);
		expect(sampler.nativeHeapMb()).toBeLessThan(peakMb);
	});

	test('samples on a thread of its own: the figures move while the main thread is held', async () => {
		const sampler = sampleRss(process.pid, 1);
		await firstSample(sampler.highestRssMb);
		// the sampled resident set, not the peak: a test process that once stood higher keeps its
		// peak (VmHWM) above anything a few hundred MB more can reach
		const before = sampler.highestRssMb();
		// the main thread never yields here: only another thread can see the memory grow
		const held = [];
		let seen = before;
		while (seen === before && held.length < 300) {
			held.push(Buffer.alloc(1024 * 1024, 1));
			seen = sampler.highestRssMb();
		}
		sampler.stop();
		expect(held.length).toBeGreaterThan(0);
		expect(seen).toBeGreaterThan(before);
	});
});
