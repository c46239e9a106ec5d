/**
 * When to look at a job again. The first look comes soon (a short job is seen finished
 * quickly), then the gap grows by half each time until it reaches the Poll Interval option.
 * The gap never runs past the job's deadline, so a timeout is reported when it is due.
 */
export const FIRST_POLL_MS = 1000;
export const POLL_GROWTH = 1.5;

export function pollDelayMs(pollsSoFar: number, intervalMs: number): number {
	const grown = FIRST_POLL_MS * POLL_GROWTH ** pollsSoFar;
	return Math.round(Math.min(intervalMs, grown));
}

/** The time of the next poll: after the backoff gap, but no later than the deadline. */
export function nextPollAt(
	now: number,
	pollsSoFar: number,
	intervalMs: number,
	deadline: number,
): number {
	return Math.max(now, Math.min(now + pollDelayMs(pollsSoFar, intervalMs), deadline));
}

/** How long an audio create waits after a 429 when the service gives no Retry-After. */
export function busyDelayMs(busyTries: number, intervalMs: number): number {
	return Math.round(
		Math.min(Math.max(intervalMs, FIRST_POLL_MS), FIRST_POLL_MS * 2 ** busyTries, 60_000),
	);
}
