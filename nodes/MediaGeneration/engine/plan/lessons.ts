import type { Cohort } from './cohort';
import type { Member } from './member';

/**
 * What a look teaches the plan of its job and of the job's cohort. Each look was sent at the
 * job's `lastAt` and answered at `at`: the service read the job's state in between.
 */

/** Times closer than this count as the same (looks due together, ends seen together). */
export const TOLERANCE_MS = 50;

/**
 * A look found `m` running or ended. Returns whether the last look before it had found it
 * queued (it started in between), and whether it is one of the cohort's first jobs, found
 * running for the first time before any of them ended.
 */
export function learnStarted(c: Cohort, m: Member, at: number) {
	const wasQueued = m.queuedAt !== undefined;
	if (wasQueued) c.queueMoved = true;
	if (m.startHi === undefined || wasQueued) m.startHi = at;
	m.queuedAt = undefined;
	const startedFirst = m.lastAt < c.firstEndAt && !m.queuedOnce && !m.ranEarly;
	if (startedFirst) m.ranEarly = true;
	return { wasQueued, startedFirst };
}

/**
 * A look found `m` still running. Returns whether that shows its cohort's jobs do not end
 * together: it was looked at when a sibling that started with it had already ended.
 */
export function learnRunning(c: Cohort, m: Member): boolean {
	m.notEndedAt = m.lastAt;
	c.provenRunMs = Math.max(c.provenRunMs, m.lastAt - m.startHi!);
	if (!c.inGroup(m) || m.lastAt < m.createdAt + c.expectRunMs) return false;
	c.spread = true;
	return true;
}

/**
 * A look found `m` ended at `at`. Returns whether its siblings are due earlier now: the
 * cohort's jobs that started together are expected to end by the time it took, and the least run
 * a queued job is taken to make, or its safety net (queueing.ts), may be shorter.
 */
export function learnEnded(c: Cohort, m: Member, at: number): boolean {
	const expect = c.expectRunMs;
	const shortest = c.shortestRunMs;
	const ended = c.endedRunMs;
	if (c.startedFirst(m)) {
		c.expectRunMs = Math.min(expect, at - m.createdAt);
		c.firstEnds++;
	}
	c.firstEndAt = Math.min(c.firstEndAt, at);
	c.endedRunMs = Math.min(ended, at - m.startLo);
	learnRun(c, m, at);
	return (
		c.expectRunMs < expect - TOLERANCE_MS ||
		c.shortestRunMs < shortest - TOLERANCE_MS ||
		c.endedRunMs < ended - TOLERANCE_MS
	);
}

/**
 * How long `m` ran: at least from the first look that found it running to the last one that
 * found it not ended. Taken only when that is known to within half of it (a job that started
 * unseen while queued says little).
 */
function learnRun(c: Cohort, m: Member, endedBy: number): void {
	if (m.startHi === undefined || m.notEndedAt === undefined) return;
	const least = m.notEndedAt - m.startHi;
	const most = endedBy - m.startLo;
	if (least <= 0 || least * 2 < most) return;
	c.shortestRunMs = Math.min(c.shortestRunMs, least);
	c.longestRunMs = Math.max(c.longestRunMs, least);
	c.runsSeen++;
}
