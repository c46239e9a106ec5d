'use strict';

/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), so that whatever draws from it (the
 * fake service's run times, the bench's orders, hostile values, the simulated clock) repeats.
 */
function seeded(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

module.exports = { seeded };
