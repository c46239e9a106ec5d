import {
	CLOSE_LEFT,
	closeGap,
	GAP_FRACTION,
	lastFewGap,
	netGap,
	patrolGap,
	scoutGap,
	TOLERANCE_MS,
} from './schedule';

/**
 * What the poll plan (pollPlan.ts) knows of each job and each cohort of alike jobs. A job's age
 * counts from its creation; its run age from when it may have started (`startFrom`).
 */

export type Cohort = { endAgeMs: number; jobs: Set<Job> };

export type Job = {
	id: number;
	cohort: Cohort;
	createdAt: number;
	/** where its run age counts from: its creation, or the last poll that found it queued */
	startFrom: number;
	capMs: number;
	deadline: number;
	/** when its last poll was sent (its creation before the first) */
	lastAt: number;
	/** when the last poll that found it not ended was sent (its creation if none) */
	notEndedAt: number;
	atOnce: boolean;
	busy: boolean;
	/** a poll is on its way that likely finds it ended: the poll kept for its end is spent */
	endPollOut: boolean;
	/** when its next poll of rules 2 to 4 is due */
	extraAt: number;
	stamp: number;
};

export type PollOptions = { capMs?: number; deadline?: number; now?: boolean };

export function newJob(id: number, cohort: Cohort, at: number, o: PollOptions): Job {
	const { capMs = Infinity, deadline = Infinity, now: atOnce = false } = o;
	const times = { createdAt: at, startFrom: at, lastAt: at, notEndedAt: at, extraAt: Infinity };
	const flags = { atOnce, busy: false, endPollOut: false };
	return { id, cohort, capMs, deadline, ...times, ...flags, stamp: 0 };
}

/** Its age at its last poll: from its creation. */
const ageOf = (j: Job) => j.lastAt - j.createdAt;
/** Its run age at its last poll: from its creation, or the last poll that found it queued. */
export const runAgeOf = (j: Job) => j.lastAt - j.startFrom;

/** When it reaches its cohort's end age (Infinity: no end seen yet), a tolerance late, never early. */
function endAgeAt(j: Job): number {
	return j.startFrom + j.cohort.endAgeMs + TOLERANCE_MS;
}

/**
 * Its next poll of rules 1, 2 and 4, `jobs` being watched and `left` of them if some ended: patrol
 * or net by age, or its cohort's end age by run age; once a round for the last job left.
 */
export function nextPatrol(j: Job, jobs: number, left: number): number {
	const age = ageOf(j);
	let gap = onNet(j) ? netGap(age, jobs) : patrolGap(age, jobs);
	if (left === 1) gap = patrolGap(0, left);
	const next = j.lastAt + gap;
	return j.lastAt >= endAgeAt(j) - TOLERANCE_MS ? next : Math.min(next, endAgeAt(j));
}

/**
 * Its next poll of rules 2 to 4 (Infinity: none), all by run age: the scout's; past its cohort's
 * end age, the close watch for a tenth of that age; with `left` jobs in a batch some of whose
 * jobs ended, the close watch of the last few.
 */
export function extraAt(j: Job, left: number): number {
	const runAge = runAgeOf(j);
	let at = Infinity;
	if (isScout(j)) at = j.lastAt + scoutGap(runAge);
	if (nearEnd(j)) at = j.lastAt + closeGap(runAge);
	if (left <= CLOSE_LEFT) at = Math.min(at, j.lastAt + lastFewGap(runAge, left));
	return at;
}

/** Whether it is its cohort's scout: its oldest job, until one of the cohort is seen ended. */
export function isScout(j: Job): boolean {
	return j.cohort.endAgeMs === Infinity && j.cohort.jobs.values().next().value === j;
}

/** Whether it is on the net: not a scout, and its run age under its cohort's end age. */
function onNet(j: Job): boolean {
	return !isScout(j) && runAgeOf(j) < j.cohort.endAgeMs;
}

/** Whether it was seen running at its cohort's end age, and is still within a tenth of it. */
function nearEnd(j: Job): boolean {
	const endAge = j.cohort.endAgeMs;
	const runAge = runAgeOf(j);
	return runAge >= endAge && runAge < endAge * (1 + GAP_FRACTION);
}

/**
 * Whether its next poll likely finds it ended: the one at its cohort's end age, never having been
 * queued; in a `large` batch, also one near that age.
 */
export function likelyEnded(j: Job, large: boolean): boolean {
	const endAge = j.cohort.endAgeMs;
	const first = endAge < Infinity && j.startFrom === j.createdAt && j.lastAt < j.createdAt + endAge;
	return first || (large && nearEnd(j));
}
