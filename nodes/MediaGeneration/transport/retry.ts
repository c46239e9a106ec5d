/**
 * When a request may be sent again, and after how long.
 *
 * Safe requests (GET) are retried on 5xx, 429 and network errors. Create requests (POST) cost
 * credits, so they are retried only when the service certainly did not take them: a 429, or a
 * connection that was refused before anything was sent. A timeout, a reset or a 5xx after a POST
 * may mean the job exists, so it is never sent twice.
 */
export type Attempt = {
	method: 'GET' | 'POST';
	attempt: number; // 1 for the first try
	status?: number;
	networkCode?: string;
	retryAfter?: string;
};

export const RETRY_LIMITS = {
	/** tries in all for a GET */
	safeAttempts: 5,
	/** tries in all for a POST answered 429 or refused */
	createAttempts: 8,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
};

const SAFE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'UND_ERR_SOCKET',
]);

export function isRetryable(a: Attempt): boolean {
	if (a.method === 'GET') {
		if (a.attempt >= RETRY_LIMITS.safeAttempts) return false;
		if (a.networkCode) return SAFE_NETWORK_CODES.has(a.networkCode);
		return a.status === 429 || (a.status !== undefined && a.status >= 500);
	}
	if (a.attempt >= RETRY_LIMITS.createAttempts) return false;
	return a.status === 429 || a.networkCode === 'ECONNREFUSED';
}

/** Seconds or an HTTP date, as Retry-After allows; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter, or the service's Retry-After when it gives one; both capped. */
export function retryDelayMs(a: Attempt, now: number, random: () => number = Math.random): number {
	const asked = parseRetryAfter(a.retryAfter, now);
	if (asked !== undefined) return Math.min(asked, RETRY_LIMITS.maxDelayMs);
	const exp = RETRY_LIMITS.baseDelayMs * 2 ** (a.attempt - 1);
	return Math.min(RETRY_LIMITS.maxDelayMs, Math.round(exp * (0.75 + random() * 0.5)));
}
