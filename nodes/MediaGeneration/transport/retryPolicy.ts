/**
 * The node's whole retry policy, its numbers in one place: how often each kind of request is
 * tried and how long it waits between tries. Which failures may be tried again at all is decided
 * by what a request is for (retry.ts): a create is sent again only when the service cannot have
 * taken it.
 */

export type RetryPolicy = {
	/** Tries in all for an API read or upload (5xx, 429, network failures). @default 5 */
	readAttempts: number;
	/** Tries in all for a create answered 429 or refused before it was sent. @default 8 */
	createAttempts: number;
	/** Waits between an API request's tries, and a result file's or a link's. @default 0.5 s doubling to 30 s, ±25 % */
	requestBackoff: Backoff;
	/** Waits of audio creates after 429s in a row (no slot free). @default 2 s doubling to 15 s, no jitter */
	busyBackoff: Backoff;
	/** Tries in all for one result file (network errors, 5xx, cut-off or foreign bodies). @default 4 */
	fileAttempts: number;
	/** Fresh links asked for one result file whose link has expired; these use up no try. @default 2 */
	fileFreshLinks: number;
	/** Tries in all for one reference file given by link (network errors, 5xx, 408, 429). @default 3 */
	linkAttempts: number;
	/** How long a result file's or a link's transfer may go without a byte. @default 120 s */
	transferIdleMs: number;
};

export const RETRY_POLICY: RetryPolicy = {
	readAttempts: 5,
	createAttempts: 8,
	requestBackoff: { baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.25 },
	busyBackoff: { baseDelayMs: 2000, maxDelayMs: 15_000, jitter: 0 },
	fileAttempts: 4,
	fileFreshLinks: 2,
	linkAttempts: 3,
	transferIdleMs: 120_000,
};

/**
 * How waits between tries grow: from `baseDelayMs` after the first failure, doubling, each within
 * ±`jitter` of its step, never past `maxDelayMs` (nor is a longer Retry-After waited for).
 */
export type Backoff = { baseDelayMs: number; maxDelayMs: number; jitter: number };
