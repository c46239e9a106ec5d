import type { Cohort } from './cohort';
import type { Member } from './member';
import { gapMs, LOOP_GAP_MS, queueNetGap } from './schedule';

/**
 * Watching the jobs of a service that queues: it runs a few of a user's jobs at once and starts
 * others as capacity frees up, in an order and at moments the node cannot see (another workflow
 * of the same user may end a job of its own, and jobs created at about the same moment may reach
 * the service in either order). So no guess is made about which queued job starts next: any of
 * them may start right after a look found it queued, and then it runs at least as long as the
 * least run its cohort has shown (below). Such a job is looked at again just before it could have
 * ended, plus the allowance of the schedule: had it started right after the look, it is seen
 * ended within max(1 s, 10 % of its time since creation); still queued, it cost one look.
 *
 * Pure: the plan (lookPlan.ts) calls it with what it knows.
 */

/** The least share of the shortest run seen that any job of the cohort is taken to run. */
export const SKIP_SHARE = 1 / 3;
/** Runs seen before their spread is trusted, and the most a run is taken to keep of the shortest. */
export const RUNS_FOR_SPREAD = 10;
export const MAX_SHARE = 0.8;

/**
 * The least a job of the cohort is taken to run, from start to end (0: nothing known yet). With
 * few runs seen, a third of the shortest (a spread of ±50 % puts the shortest run at a third of
 * the longest); with RUNS_FOR_SPREAD or more, the shortest less twice the mean step between the
 * runs seen ((longest - shortest) / (runs - 1)): a few runs seldom include the shortest a cohort
 * has, and a job that ends sooner than the plan allows for is seen late. Before any run ended, the
 * queue cannot have moved for want of a slot; if it moved all the same (capacity freed by jobs
 * the node does not see), a third of the longest time a job was seen running.
 */
export function minRunMs(c: Cohort): number {
	if (!Number.isFinite(c.shortestRunMs)) {
		return c.queueMoved ? Math.round(SKIP_SHARE * c.provenRunMs) : 0;
	}
	const n = c.runsSeen;
	const range = c.longestRunMs - c.shortestRunMs;
	const low = n >= RUNS_FOR_SPREAD ? c.shortestRunMs - (2 * range) / (n - 1) : 0;
	const share = Math.min(MAX_SHARE, Math.max(SKIP_SHARE, low / c.shortestRunMs));
	return Math.round(share * c.shortestRunMs);
}

/**
 * The gap of the safety net of a job last found queued, while its cohort has shown no run it
 * trusts: every 5 s or 30 % of its age (schedule.ts), but never longer than the shortest time an
 * ended job of its cohort took from its creation or its last queued look, plus the schedule's
 * allowance (at least the loop's pace). A job of a second or two that started right after the look
 * is then seen about as soon as a loop would see it, not a whole net later: on a simulated clock
 * (test/unit/engine/plan, services running 1 to 4 of 6 or 20 jobs of 1 to 3 s at once, sixty
 * seeds, answers up to 200 ms late), a job was seen at worst 3.5 s after its end on a 1 s target
 * against 4.4 s with the plain net (7.0 s against 4.2 s on any target), and the batch was done
 * later than the loop in 8,221 of 23,040 runs against 10,379. The bound stays loose where the
 * looks were sparse: a job's end seen late makes its run look long. Jobs of 5 s or more mostly
 * keep the plain net, since their run and allowance are longer.
 */
function netGap(m: Member): number {
	const net = queueNetGap(m.lastAt - m.createdAt, m.capMs);
	const run = m.cohort.endedRunMs;
	return Math.min(net, Math.max(LOOP_GAP_MS, run + gapMs(run, m.capMs)));
}

/** The earliest `m` may have ended, from when it may have started. */
export function earliestEnd(m: Member): number {
	return m.startLo + minRunMs(m.cohort);
}

/**
 * The next look at a job last found queued. Until a job of its cohort has been seen running for
 * a while, nothing says how soon it may end once started: it is looked at on a sparse safety net.
 * `allowance` is how late after its end a job may be seen, from its time since creation.
 */
export function queuedLookAt(m: Member, allowance: (elapsedMs: number) => number): number {
	const run = minRunMs(m.cohort);
	if (!run) return m.lastAt + netGap(m);
	const end = m.startLo + run;
	return Math.max(m.lastAt, end) + allowance(end - m.createdAt);
}
