/**
 * How often a job is polled: the gaps of the rules in pollPlan.ts, each a pure function of a
 * job's age (or run age, pollPlan.ts says which) and of how many jobs the batch watches.
 */

/** polls due this close together go out together; an end age is awaited this late, never early */
export const TOLERANCE_MS = 50;
/** a tenth of a job's age, less a margin for an answer's delay: a job is seen within its target */
export const GAP_FRACTION = 0.09;
/** the longest gap ever, when Poll Interval is not set */
export const MAX_GAP_MS = 5 * 60_000;
/** a round of the loop a user builds through n8n's 2 s Wait, as n8n runs it: Wait and work */
const LOOP_BASE_MS = 2030;
/** and n8n's work for each job the round polls: the budget of a large batch grows with it */
const LOOP_PER_JOB_MS = 8;
/** half an answer's delay: the patrol never comes before the loop's round */
export const PATROL_MARGIN_MS = 100;
/** the net of a job whose cohort has no end seen yet: few polls before anything is learnt */
export const NET_MS = 5000;
/** the scout and the close watch: at most every 0.5 s, a few answers' time */
const CLOSE_MIN_MS = 500;
/** the close watch: a sixth of the patrol's share of the run age */
const CLOSE_FRACTION = GAP_FRACTION / 6;

function grown(ageMs: number, fraction: number, minMs: number): number {
	return Math.round(Math.min(MAX_GAP_MS, Math.max(minMs, fraction * Math.max(0, ageMs))));
}

/** A round of a loop through a 2 s Wait that polls `jobs` jobs each round. */
export function loopRound(jobs: number): number {
	return LOOP_BASE_MS + LOOP_PER_JOB_MS * Math.max(1, jobs);
}

/** Rule 1, `jobs` being watched: a tenth of the age, at least a round of the loop. */
export function patrolGap(ageMs: number, jobs: number): number {
	return grown(ageMs, GAP_FRACTION, loopRound(jobs) + PATROL_MARGIN_MS);
}

/**
 * Rule 2's net: NET_MS, shortened so as to poll at ten rounds of age, when a job's target (a tenth
 * of its age) reaches a round; from then on the patrol. Never faster than the patrol.
 */
export function netGap(ageMs: number, jobs: number): number {
	const patrol = patrolGap(ageMs, jobs);
	const sure = 10 * loopRound(jobs);
	return Math.max(patrol, Math.min(NET_MS, sure - ageMs));
}

/** Rule 2: the scout's gap, by run age: the patrol's fraction without its floor of a round. */
export function scoutGap(runAgeMs: number): number {
	return grown(runAgeMs, GAP_FRACTION, CLOSE_MIN_MS);
}

/** Rules 3 and 4: the close watch of one job, by run age. */
export function closeGap(runAgeMs: number): number {
	return grown(runAgeMs, CLOSE_FRACTION, CLOSE_MIN_MS);
}

/**
 * Rule 4 watches the last few jobs while that polls each young one at least twice a round of the
 * loop: CLOSE_MIN_MS × left / 2 is at most half a round.
 */
export const CLOSE_LEFT = Math.floor(loopRound(1) / CLOSE_MIN_MS);

/**
 * Rule 4: the close watch of the last `left` jobs, shared by them: each is polled every close gap
 * times left / 2 (at least one close gap), so the few make about two polls a close gap together.
 */
export function lastFewGap(runAgeMs: number, left: number): number {
	return closeGap(runAgeMs) * Math.max(1, left / 2);
}
