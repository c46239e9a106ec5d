/**
 * How often a job is polled: the gaps of the rules in pollPlan.ts, each a pure function of a
 * job's age. A gap grows with age, so that a long job costs few polls and is still seen within
 * about a tenth of its run time.
 */

/** the fastest pace of a job's own schedule: under 1 s, so that a young job is seen within 1 s */
export const MIN_GAP_MS = 900;
/** a tenth of a job's age, less a margin for an answer's delay */
export const GAP_FRACTION = 0.09;
/** the longest gap ever, reached at about 55 minutes of age, when Poll Interval is not set */
export const MAX_GAP_MS = 5 * 60_000;
/** a round of a loop through n8n's 2 s Wait: the Wait, then the round's polls and n8n's own work */
export const LOOP_ROUND_MS = 2200;
/** the patrol's gap: a round of the loop and half an answer's delay, as late as a job may be seen */
export const PATROL_MS = 2300;
/** the close watch of a batch's last jobs: every half second, growing with age to once a second */
export const CLOSE_MIN_MS = 500;
export const CLOSE_MAX_MS = 1000;
/** how fast the close watch's gap grows with age: a few times slower than the own schedule's */
export const CLOSE_FRACTION = 0.015;

function grown(ageMs: number, fraction: number, minMs: number, maxMs: number): number {
	return Math.round(Math.min(maxMs, Math.max(minMs, fraction * Math.max(0, ageMs))));
}

/** A job's own schedule: a tenth of its age, at least MIN_GAP_MS. */
export function ownGap(ageMs: number): number {
	return grown(ageMs, GAP_FRACTION, MIN_GAP_MS, MAX_GAP_MS);
}

/** The patrol every job keeps: a tenth of its age, but never more often than PATROL_MS. */
export function patrolGap(ageMs: number): number {
	return grown(ageMs, GAP_FRACTION, PATROL_MS, MAX_GAP_MS);
}

/** The close watch of one of the last jobs, `left` of them being watched closely. */
export function closeGap(ageMs: number, left: number): number {
	return grown(ageMs, CLOSE_FRACTION, CLOSE_MIN_MS, CLOSE_MAX_MS) * Math.max(1, left / 2);
}
