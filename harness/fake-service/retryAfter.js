'use strict';
/**
 * Retry-After values as real deployments send them, good and bad. A fault names a shape, and the
 * value is made when the answer goes out, so that a date is in the past or future at that moment.
 *   seconds      delay-seconds, `retryAfterSeconds` of them (default 2)
 *   zero         "0"
 *   negative     "-5"
 *   past-date    an HTTP date an hour ago (a service whose clock runs behind)
 *   future-date  an HTTP date `retryAfterSeconds` ahead (default 2)
 *   hours        delay-seconds of three hours
 *   garbage      text that is neither seconds nor a date
 */
const SHAPES = {
	seconds: (now, s = 2) => String(s),
	zero: () => '0',
	negative: () => '-5',
	'past-date': (now) => new Date(now - 3600_000).toUTCString(),
	'future-date': (now, s = 2) => new Date(now + s * 1000).toUTCString(),
	hours: () => String(3 * 3600),
	garbage: () => 'soon, maybe',
};

/** The Retry-After header a fault asks for, or none: `retryAfterShape`, else `retryAfter` as given. */
function retryAfterHeader(fault, now = Date.now()) {
	if (fault.retryAfterShape !== undefined) {
		const shape = SHAPES[fault.retryAfterShape];
		if (!shape) throw new Error(`unknown Retry-After shape ${fault.retryAfterShape}`);
		return { 'Retry-After': shape(now, fault.retryAfterSeconds) };
	}
	return fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
}

module.exports = { SHAPES, retryAfterHeader };
