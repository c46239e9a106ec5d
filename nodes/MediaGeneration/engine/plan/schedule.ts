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

/** A gap that grows with a job's age: a fraction of it, between a floor and the caps. */
export type Growth = { minMs: number; fraction: number };

export function growingGap(elapsedMs: number, growth: Growth, capMs = MAX_GAP_MS): number {
	const grown = Math.max(growth.minMs, growth.fraction * Math.max(0, elapsedMs));
	return Math.round(Math.min(grown, capMs, MAX_GAP_MS));
}

/** The gap after a look taken `elapsedMs` into a job; `capMs` is the user's Poll Interval. */
export function gapMs(elapsedMs: number, capMs = MAX_GAP_MS): number {
	return growingGap(elapsedMs, { minMs: MIN_GAP_MS, fraction: GAP_FRACTION }, capMs);
}

/** The safety-net gap of jobs watched rarely (the followers of a cohort, queued jobs). */
export const FOLLOWER_MIN_GAP_MS = 5000;
export const FOLLOWER_GAP_FRACTION = 0.3;

export function followerGap(elapsedMs: number, capMs = MAX_GAP_MS): number {
	return growingGap(
		elapsedMs,
		{ minMs: FOLLOWER_MIN_GAP_MS, fraction: FOLLOWER_GAP_FRACTION },
		capMs,
	);
}

/**
 * The looks a lone job of `jobMs` gets until one sees it finished: how many, and how late the
 * last one came after the job ended. For the README's figures and the schedule's own tests.
 */
export function lonePlan(jobMs: number, capMs = MAX_GAP_MS): { looks: number; lagMs: number } {
	let at = 0;
	let looks = 0;
	while (at < jobMs) {
		at += gapMs(at, capMs);
		looks++;
	}
	return { looks, lagMs: at - jobMs };
}
