'use strict';
/**
 * Faults a test switches on for the next matching requests.
 *   route: 'POST /image', 'GET /video/:id', 'FILE' (result downloads), or '*'
 *   kind:  'status'       answer `status` (and `body`, `retryAfter`) without handling the request
 *          'html'         (API routes) answer `status` (502, 503, 504, 520 to 524 …) with the HTML
 *                         error page of a load balancer in front of the service (pages.js), without
 *                         handling the request
 *          'status-after' handle the request (a job may be created), then answer `status`
 *          'drop'         close the connection without an answer, before handling
 *          'early'        answer `status` from the headers alone, then reset the connection without
 *                         reading the body (as a server that will not take a large upload does)
 *          'drop-after'   handle the request, then close the connection without an answer
 *          'slow'         wait `delayMs` before handling
 *          'truncate'     (FILE) send the full Content-Length but only half the bytes
 *          'expired'      (FILE) answer 403 as an expired link does (S3's AccessDenied)
 *          'expired-gcs'  (FILE) answer 400 ExpiredToken, as Google Cloud Storage does
 *          'expired-azure' (FILE) answer 403 AuthenticationFailed, as Azure Blob Storage does
 *          'empty-200'    (FILE) answer 200 with an empty body
 *          'page-200'     (FILE) answer 200 with a CDN's HTML error page (a soft 404)
 *          'json-200'     (FILE) answer 200 with a JSON error body
 *          'gzip'         (FILE) send the file gzip-encoded, its Content-Length that of the encoded bytes
 *          'body-200'     (FILE) answer 200 with `body` (base64) as `type`: another file than the job's
 *          'job-fail'     (create routes) the job created ends failed
 *          'job-never'    (create routes) the job created never finishes
 *   retryAfter: (status, html, early) the Retry-After header, sent as given; or
 *   retryAfterShape: one of retryAfter.js's shapes (seconds, zero, negative, past-date,
 *          future-date, hours, garbage), made as each answer goes out; `retryAfterSeconds` sets
 *          the seconds of `seconds` and `future-date`
 *   times: how many matching requests it applies to (default 1; Infinity for all)
 *   forMs: an outage: it applies to every matching request for this many milliseconds from the
 *          first one it met (instead of `times`), then ends
 *   bodyIncludes: (JSON create routes) applies only to requests whose JSON body contains this text,
 *          so that a batch's items can each meet their own fault whatever order they arrive in
 * Faults apply one at a time, in the order they were added.
 */
const clock = require('../clock');
class Faults {
	constructor() {
		this.list = [];
	}
	add(fault) {
		this.list.push(
			fault.forMs !== undefined ? { ...fault, times: Infinity } : { times: 1, ...fault },
		);
	}
	clear() {
		this.list = [];
	}
	/** Takes the first fault, in the order added, that applies to this request, counting it down. */
	take(route, body, now = clock.now()) {
		const text = body === undefined ? '' : JSON.stringify(body);
		// an outage that has run its time is over
		this.list = this.list.filter((x) => x.startedAt === undefined || now - x.startedAt < x.forMs);
		const f = this.list.find(
			(x) =>
				x.times > 0 &&
				(x.route === route || x.route === '*') &&
				(x.bodyIncludes === undefined || text.includes(x.bodyIncludes)),
		);
		if (!f) return [];
		if (f.forMs !== undefined) f.startedAt ??= now;
		f.times--;
		this.list = this.list.filter((x) => x.times > 0);
		return [f];
	}
}

module.exports = { Faults };
