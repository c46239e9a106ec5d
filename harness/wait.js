'use strict';
/** Waiting for a condition in tests: the suites' one polling loop. */
const { now } = require('./clock');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `seen` says, or why it could not say it: a wait that gives up always names what it saw. */
async function lastSeen(seen) {
	try {
		return String(await seen());
	} catch (error) {
		return `(could not be read: ${error.message})`;
	}
}

/**
 * Calls `probe` (sync or async) every `intervalMs` until it gives a truthy value, and returns that
 * value. Throws once `timeoutMs` have passed on the tests' clock (clock.js), naming `what` was
 * awaited and what `seen` (sync or async) says the last look found; an error thrown by the probe
 * itself ends the wait at once.
 */
async function until(probe, what, { timeoutMs = 60_000, intervalMs = 200, seen } = {}) {
	const deadline = now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (now() > deadline) {
			const last = seen ? `; last seen: ${await lastSeen(seen)}` : '';
			throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${last}`);
		}
		await sleep(intervalMs);
	}
}

module.exports = { until, sleep };
