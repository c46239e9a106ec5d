'use strict';
/** Waiting for a condition in tests: the suites' one polling loop. */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` (sync or async) every `intervalMs` until it gives a truthy value, and returns that
 * value. Throws once `timeoutMs` have passed, naming `what` was awaited; an error thrown by the
 * probe itself ends the wait at once.
 */
async function until(probe, what, { timeoutMs = 60_000, intervalMs = 200 } = {}) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline)
			throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(intervalMs);
	}
}

module.exports = { until, sleep };
