import { closeGap, MAX_GAP_MS, ownGap } from './schedule';

/** What the poll plan (pollPlan.ts) knows of each job and each cohort of alike jobs. */

/** polls due this close together go out together */
export const TOLERANCE_MS = 50;
/** the close watch of rule 3 begins with this many jobs left: the last wave of a queue of 4 */
export const CLOSE_LEFT = 4;

export type Cohort = { endAgeMs: number; jobs: Set<Job> };

export type Job = {
	id: number;
	cohort: Cohort;
	createdAt: number;
	/** when it may have started: its creation, or the last poll that found it queued */
	startFrom: number;
	capMs: number;
	deadline: number;
	/** when its last poll was sent (its creation before the first) */
	lastAt: number;
	/** when the last poll that found it not ended was sent (its creation if none) */
	notEndedAt: number;
	polls: number;
	atOnce: boolean;
	busy: boolean;
	/** when its next poll of rules 2 and 3 is due */
	extraAt: number;
	stamp: number;
};

export type PollOptions = { capMs?: number; deadline?: number; now?: boolean };

export function newJob(id: number, cohort: Cohort, createdAt: number, o: PollOptions): Job {
	return {
		id,
		cohort,
		createdAt,
		startFrom: createdAt,
		capMs: o.capMs ?? MAX_GAP_MS,
		deadline: o.deadline ?? Infinity,
		lastAt: createdAt,
		notEndedAt: createdAt,
		polls: 0,
		atOnce: o.now ?? false,
		busy: false,
		extraAt: Infinity,
		stamp: 0,
	};
}

/**
 * The next poll of rules 2 and 3 (Infinity: none): at its cohort's end age, then on its own
 * schedule; and, with `left` jobs in a batch some of whose jobs ended, the close watch.
 */
export function extraAt(j: Job, left: number): number {
	const sinceStart = j.lastAt - j.startFrom;
	let at = Infinity;
	const endAge = j.cohort.endAgeMs;
	if (endAge < Infinity) {
		const reached = j.lastAt >= j.startFrom + endAge - TOLERANCE_MS;
		at = reached ? j.lastAt + ownGap(sinceStart) : j.startFrom + endAge;
	}
	if (left <= CLOSE_LEFT) at = Math.min(at, j.lastAt + closeGap(sinceStart, left));
	return at;
}

/** Whether its next poll is the one at its cohort's end age, never having been queued. */
export function likelyEnded(j: Job): boolean {
	return j.startFrom === j.createdAt && j.lastAt < j.createdAt + j.cohort.endAgeMs;
}
