import type { Cohort } from './cohort';
import type { Keep } from './rules';
import { MAX_GAP_MS } from './schedule';

/** What the look plan knows of one job. */
export type Member = {
	id: number;
	cohort: Cohort;
	createdAt: number;
	/** the longest gap between looks its user allows (Poll Interval) */
	capMs: number;
	deadline: number;
	pastDeadline: boolean;
	/** when it was last looked at (its creation before the first look) */
	lastAt: number;
	/** how many looks it has had, its cohort's turns included */
	looks: number;
	/** a look at it is under way */
	busy: boolean;
	/** no longer watched */
	gone: boolean;
	/** to be looked at at once */
	now: boolean;
	/** the version of its entry in the plan's heap */
	stamp: number;
	/** its next look is a safety-net look, which may wait behind the others */
	routine: boolean;
	/**
	 * its next look is one the batch's room brought forward (a close look at one of its last jobs,
	 * or a look of the room it has to spare), taken only while that room is still there
	 */
	close: boolean;
	/** the room that look must leave unspent: the last wave's or the last job's reserve (rules.ts) */
	keep: Keep;
	/** where its close looks fall within the close watch's gap (0 to 1; lookPlan.ts) */
	phase: number;
	/** one of the siblings looked at first when its cohort's first end is seen (lookPlan.ts) */
	probe: boolean;
	/** the last look found it queued, and nothing since says it started */
	queuedAt?: number;
	/** a look found it queued once: it did not start with its cohort's first jobs */
	queuedOnce: boolean;
	/** a look found it running before any job of its cohort was seen ended: it started first */
	ranEarly: boolean;
	/** it started after this: its creation, or the last look that found it queued */
	startLo: number;
	/** it had started by this: the first look that found it running (or ended) */
	startHi?: number;
	/** the last look that found it not ended */
	notEndedAt?: number;
};

export type MemberOptions = { capMs?: number; deadline?: number; now?: boolean };

export function newMember(id: number, cohort: Cohort, createdAt: number, o: MemberOptions): Member {
	return {
		id,
		cohort,
		createdAt,
		capMs: o.capMs ?? MAX_GAP_MS,
		deadline: o.deadline ?? Infinity,
		pastDeadline: false,
		lastAt: createdAt,
		looks: 0,
		busy: false,
		gone: false,
		now: o.now ?? false,
		stamp: 0,
		routine: false,
		close: false,
		keep: 'none',
		phase: 0,
		probe: false,
		queuedOnce: false,
		ranEarly: false,
		startLo: createdAt,
	};
}
