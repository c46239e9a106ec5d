import { followerGap, gapMs } from './schedule';

/**
 * Watching the jobs of a service that queues: it runs a few jobs at once and starts the next
 * when one ends, first come first served. Each job is looked at on the full schedule (see
 * schedule.ts) timed from when it started, not from its creation, so that a job of the last wave
 * is seen finished as soon as one of the first. The plan learns each start from the service:
 * - a look that finds a job queued says it starts later;
 * - a look that finds a sibling finished says the oldest queued job has just started (a slot
 *   freed): it is taken as running from the sibling's last look before its end, without a look;
 * - a job seen running again after a queued look started in between.
 * A started job is first looked at after half the shortest run its cohort has shown (with ±30 %
 * spread the shortest is about half the longest), and queued jobs only on a sparse safety net
 * while no sibling ends. Pure: the look plan calls it with what it saw and the time.
 */

/** Looks a started job skips: before this share of the shortest run seen in its cohort. */
export const SKIP_SHARE = 0.5;

export type QueueFacts = {
	/** when it started running, as far as known (its creation until a look finds it queued) */
	startAt: number;
	/** the last look found it queued, and nothing since says it started */
	queued: boolean;
	/** next look on its own schedule (cohorts whose service queues) */
	nextAt: number;
	/** the look before the last one (its creation before the second look) */
	prevAt: number;
};

export type QueueCohort = {
	/** a look found one of its jobs queued: watched job by job from then on */
	queues: boolean;
	/** the shortest run a finished member showed, from its start to its end seen */
	shortestRunMs: number;
};

type Member = QueueFacts & {
	createdAt: number;
	capMs: number;
	lastAt: number;
	followAt: number;
	deadline: number;
	pastDeadline: boolean;
	now: boolean;
};

export function startsAt(createdAt: number): QueueFacts {
	return { startAt: createdAt, queued: false, nextAt: createdAt, prevAt: createdAt };
}

export function notQueueing(): QueueCohort {
	return { queues: false, shortestRunMs: Infinity };
}

/** When a started job is next looked at after a look at `at`. */
export function ownNext(c: QueueCohort, m: Member, at: number): number {
	const skip = Number.isFinite(c.shortestRunMs) ? SKIP_SHARE * c.shortestRunMs : 0;
	return Math.max(at + gapMs(at - m.startAt, m.capMs), m.startAt + skip);
}

/** Whether a job of a queueing cohort is due by `soon`, and how: at once, or as routine. */
export function queueLook(m: Member, soon: number): 'now' | 'routine' | undefined {
	if (m.now || (!m.pastDeadline && soon >= m.deadline)) return 'now';
	if (m.queued) return soon >= m.followAt ? 'routine' : undefined;
	return soon >= m.nextAt ? 'now' : undefined;
}

/** When a job of a queueing cohort is next due. */
export function queueWakeAt(m: Member): number {
	if (m.now) return -Infinity;
	const deadline = m.pastDeadline ? Infinity : m.deadline;
	return Math.min(deadline, m.queued ? m.followAt : m.nextAt);
}

/** A look found `m` queued at `at`; its cohort is watched job by job from now on. */
export function seenQueued(c: QueueCohort & { members: Member[] }, m: Member, at: number): void {
	if (!c.queues) {
		c.queues = true;
		for (const s of c.members) s.nextAt = ownNext(c, s, s.lastAt);
	}
	m.queued = true;
	m.startAt = at;
}

/**
 * A look at `m` in a queueing cohort answered at `at`: still running (it started after its last
 * queued look, if any), or finished (`m` has left the cohort's members by now).
 */
export function seenInQueue(
	c: QueueCohort & { members: Member[] },
	m: Member,
	at: number,
	finished: boolean,
): void {
	if (!finished) {
		if (m.queued) {
			m.queued = false;
			m.nextAt = ownNext(c, m, at);
		}
		return;
	}
	c.shortestRunMs = Math.min(c.shortestRunMs, at - m.startAt);
	// a slot freed between m's last two looks: the oldest queued job has started since then
	const waiting = c.members.filter((s) => s.queued);
	const next = waiting.shift();
	if (next) {
		next.queued = false;
		next.startAt = Math.max(next.startAt, m.prevAt);
		next.nextAt = ownNext(c, next, at);
	}
	// the queue moves: the others need no safety-net look yet
	for (const s of waiting)
		s.followAt = Math.max(s.followAt, at + followerGap(at - s.createdAt, s.capMs));
}
