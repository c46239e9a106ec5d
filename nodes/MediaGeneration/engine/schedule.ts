import { askedWaitMs, backoffMs, type Backoff } from '../transport/retry';

/**
 * When to look at a job. The gap between looks grows with the job's age, about a tenth of the
 * time it has run so far and never under MIN_GAP_MS, so that a job is seen finished within
 * max(1 s, 10 % of its run time) whatever its length, while a two-hour job costs a few dozen
 * looks, not thousands. Looks are timed from the plan (the job's creation), not from the last
 * answer, so a slow answer does not push every later look back.
 */
export const MIN_GAP_MS = 900;
export const GAP_FRACTION = 0.09;
/** the longest gap ever, for jobs over about 55 minutes (still under 10 % of their age) */
export const MAX_GAP_MS = 5 * 60_000;

/** The gap after a look taken `elapsedMs` into a job; `capMs` is the user's Poll Interval. */
export function gapMs(elapsedMs: number, capMs = MAX_GAP_MS): number {
	const grown = Math.max(MIN_GAP_MS, GAP_FRACTION * Math.max(0, elapsedMs));
	return Math.round(Math.min(grown, capMs, MAX_GAP_MS));
}

/**
 * The looks a lone job of `jobMs` gets until one sees it finished: how many, and how late the
 * last one came after the job ended. For the README's figures and the schedule's own tests.
 */
export function lonePlan(jobMs: number, capMs = MAX_GAP_MS): { polls: number; lagMs: number } {
	let at = 0;
	let polls = 0;
	while (at < jobMs) {
		at += gapMs(at, capMs);
		polls++;
	}
	return { polls, lagMs: at - jobMs };
}

/** How audio creates wait for a free slot after 429s in a row: from 2 s, doubling, at most 15 s. */
export const BUSY_BACKOFF: Backoff = { baseDelayMs: 2000, maxDelayMs: 15_000, jitter: 0 };

/** How long an audio create waits after the `busyTries`-th 429 in a row, by our own schedule. */
export function busyDelayMs(busyTries: number): number {
	return backoffMs(busyTries, BUSY_BACKOFF);
}

/**
 * How long audio creates wait after the `busyTries`-th 429 in a row: the service's Retry-After
 * when it lies within our own schedule's bounds (`asked`), else our own step (see askedWaitMs).
 */
export function busyWait(
	busyTries: number,
	retryAfter: string | undefined,
	now: number,
): { ms: number; asked: boolean } {
	const asked = askedWaitMs(busyTries, retryAfter, now, BUSY_BACKOFF);
	return { ms: asked ?? busyDelayMs(busyTries), asked: asked !== undefined };
}
