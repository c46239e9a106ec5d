import { isCreate, type Intent } from './intent';
import { retriesAfter } from './network';
import { RETRY_POLICY, type Backoff } from './retryPolicy';

/**
 * When a request may be sent again, and after how long.
 *
 * What a request is for decides it. Reads and uploads cost nothing and change nothing that a
 * second try could double: they are tried again on 5xx, 429 and network failures. Creates cost
 * credits, so they are tried again only when the service certainly did not take them: a 429, or
 * a connection refused before anything was sent. A timeout, a reset or a 5xx after a create may
 * mean the job exists, so it is never sent twice.
 */
export type Attempt = {
	intent: Intent;
	attempt: number; // 1 for the first try
	status?: number;
	networkCode?: string;
	retryAfter?: string;
	/** a read tried again until this time (a job's Maximum Wait) instead of a number of times */
	until?: number;
};

/** Whether this kind of failure may be answered by sending the request again (tries aside). */
export function isRetryableFailure(a: Omit<Attempt, 'attempt'>): boolean {
	if (!isCreate(a.intent)) {
		if (a.networkCode) return retriesAfter(a.networkCode);
		return a.status === 429 || (a.status !== undefined && a.status >= 500);
	}
	return a.status === 429 || a.networkCode === 'ECONNREFUSED';
}

export function isRetryable(a: Attempt, now = Date.now()): boolean {
	const left = !isCreate(a.intent)
		? a.until !== undefined
			? now < a.until
			: a.attempt < RETRY_POLICY.readAttempts
		: a.attempt < RETRY_POLICY.createAttempts;
	return left && isRetryableFailure(a);
}

/**
 * What a Retry-After asks for, in milliseconds from `now`: delay-seconds, or an HTTP date, which
 * may lie in the past by this host's clock (a negative result). Undefined when absent or
 * unreadable. A bare number is always seconds: JavaScript would read "-5" as a date in 2001.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	const text = value?.trim();
	if (!text) return undefined;
	if (/^[+-]?\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	// an HTTP date names its month ("Thu, 01 Jan 2026 00:00:05 GMT")
	if (!/[a-z]{3}/i.test(text)) return undefined;
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : at - now;
}

/** Our own wait after `tries` failures in a row: a doubling step with jitter, capped. */
export function backoffMs(
	tries: number,
	b: Backoff = RETRY_POLICY.requestBackoff,
	random = Math.random,
): number {
	const step = b.baseDelayMs * 2 ** Math.max(0, tries - 1);
	return Math.round(Math.min(b.maxDelayMs, step * (1 - b.jitter + random() * 2 * b.jitter)));
}

/** The shortest wait after `tries` failures in a row: the low end of that step's jitter. */
export function backoffFloorMs(tries: number, b: Backoff = RETRY_POLICY.requestBackoff): number {
	return backoffMs(tries, b, () => 0);
}

/**
 * The wait a Retry-After asks for, when it is to be believed after `tries` failures in a row:
 * from the floor of our own step up to the ceiling. Asked for less (0, a negative number, a date
 * already past because the service's clock runs behind this host's, or text that is no date),
 * it is not: honouring it would resend at once, in a loop, for as long as the refusals last.
 * Asked for more (hours), the wait is cut to the ceiling: a try that comes early is refused
 * again at the cost of one request, while waiting hours could outlast the whole workflow.
 */
export function askedWaitMs(
	tries: number,
	retryAfter: string | undefined,
	now: number,
	b: Backoff = RETRY_POLICY.requestBackoff,
): number | undefined {
	const asked = parseRetryAfter(retryAfter, now);
	if (asked === undefined || asked < backoffFloorMs(tries, b)) return undefined;
	return Math.min(asked, b.maxDelayMs);
}

/** The wait after `tries` failures in a row: the service's ask when believable, else our own. */
export function retryWaitMs(
	tries: number,
	retryAfter: string | undefined,
	now: number,
	b: Backoff = RETRY_POLICY.requestBackoff,
	random = Math.random,
): number {
	return askedWaitMs(tries, retryAfter, now, b) ?? backoffMs(tries, b, random);
}

/** The wait before the try after `a` (see retryWaitMs). */
export function retryDelayMs(a: Attempt, now: number, random: () => number = Math.random): number {
	return retryWaitMs(a.attempt, a.retryAfter, now, RETRY_POLICY.requestBackoff, random);
}
