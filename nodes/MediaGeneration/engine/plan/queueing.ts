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

/**
 * Where the end of a job that waited in the queue is likely, once a look found it running and its
 * cohort has shown runs (lessons.ts): from its earliest start plus the shortest run seen to its
 * latest start plus WINDOW_UNTIL_SHARE of the longest (runs seen are lower bounds). Before that
 * window it is looked at once, at the window's start or a round of the loop after its last look
 * (patrolGap), whichever comes first, rather than on every round of the loop; within it, on the
 * full schedule, as far as the batch has room beyond WINDOW_RESERVE (`mayEndNow` in rules.ts, and
 * the room in lookPlan.ts). Its looks stay no sparser than the loop's pace (or a tenth of its age,
 * past 24 s), so that a job that runs shorter than those seen is seen no later than before, and
 * the close watch of the last two jobs is not put off: one of them may be such a job.
 *
 * Alike jobs of 8 s on a service running 5 at once: the second wave starts at 8.0 s as the first
 * ends, is found running at about 9.5 s, and was looked at on the loop's rounds, at 11.1, 13.3,
 * 15.5 and 17.7 s, the first two long before its end at 15.9 s, and seen 1.8 to 2.0 s after it, on
 * a 1.6 s target (seed 1), where the loop's rounds saw it 1.5 s after it; now at 11.7, 13.4, 14.5
 * and 16.7 s, and seen 0.8 to 1.0 s after it. On the simulated clock with the loop timed as
 * measured (`LOOP_MODEL=traced npm run sim:plan`, seeds 1 to 60, 12,180 runs, answers up to 200 ms
 * late), against the loop's pace up to the end: jobs the loop saw within target and the batch did
 * not 8,909 against 9,817 (services running 3 to 5 jobs at once: 2,155 against 2,955; 8 s ±0 %, 5
 * against 649), batches done later than the loop 18,717 against 18,691 of 97,440 phase-runs, later
 * than the loop in step with them 2,505 against 2,518, over the loop's looks 918 against 919,
 * 29.40 looks per job against 32.35 (answers 10 ms late: 7,221 against 7,428 jobs, 17,491 against
 * 17,567 runs, 2,532 against 2,533 in step, 1,679 against 1,678 batches over, 29.27 looks per job
 * against 32.33). Tried: within the window whatever the batch's room, 131 batches of 5 s jobs made
 * more looks than the loop against 6; with 10 looks kept, 5 at once was done later than the loop
 * in 1,720 runs against 1,555; a window to 1.1 or 1.25 times the longest run missed 9,075 and
 * 8,955 jobs; the close watch of the last two jobs put off to the window too, one at a time was
 * done later in 1,170 runs against 969. 5 s jobs gain nothing: their first wave's runs are seen
 * too coarsely to be learnt (learnRun).
 */
export const WINDOW_UNTIL_SHARE = 1.5;
export const WINDOW_RESERVE = 20;

export function likelyEnd(m: Member): { from: number; until: number } | undefined {
	const c = m.cohort;
	// a job found queued once marks its cohort as one that queues (Cohort.queued)
	if (!m.queuedOnce || !c.runsSeen || m.startHi === undefined) return undefined;
	return {
		from: m.startLo + c.shortestRunMs,
		until: m.startHi + c.longestRunMs * WINDOW_UNTIL_SHARE,
	};
}

/** Whether a look at `at` falls where the end of `m` is likely (likelyEnd). */
export function inWindow(m: Member, at: number): boolean {
	const likely = likelyEnd(m);
	return !!likely && m.lastAt < likely.until && at >= likely.from;
}
