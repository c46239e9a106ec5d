import type { Member } from './member';
import { TOLERANCE_MS } from './lessons';
import { earliestEnd, inWindow, likelyEnd, queuedLookAt } from './queueing';
import {
	fineGap,
	followerGap,
	gapMs,
	LOOP_GAP_MS,
	loopPaceAt,
	loopRoundAt,
	loopRoundMs,
	patrolGap,
} from './schedule';

/**
 * When a job is next looked at: the whole rule, as a pure function of what the plan knows.
 *
 * - Jobs of a cohort that started together (all of them, unless its service queues) are taken to
 *   end together: they are looked at one at a time, in turn, twice per gap of the full schedule
 *   of the oldest (schedule.ts: a tenth of its age, at least 0.9 s; cohort.ts), so that an end
 *   among any of them is soon seen; each is also on a sparse safety net (every 5 s while young, the
 *   full schedule from about 19 s of age, schedule.ts). When a sibling's end says they should be
 *   done, the oldest of them is looked at (the probe), and the others only if it was found ended.
 *   If one of them runs on past that, they do not end together after all. A job created after
 *   its cohort's jobs were seen to end together (a later wave, `Cohort.joinedLate`) is first
 *   looked at when it has run as long as they took, and not by the scouts.
 * - A job that may end at any time (its cohort's jobs did not end together, it is alone in its
 *   cohort, or it waited in a queue) is looked at on the full schedule, but at most once per round
 *   of a loop through a 2 s Wait node started with it (every 2.2 s from its creation), on the
 *   round itself unless that comes too soon after its last look, and never later than 2.2 s (or a
 *   tenth of its age) after its last look.
 *   When the batch has room to spare (budget.ts: looks such a loop would have made and the batch
 *   did not, beyond CLOSE_RESERVE kept for the last wave of a service that queues, or
 *   SPREAD_RESERVE for the last jobs of one that does not while its ends come slowly), it is
 *   looked at on the full schedule, and, once the batch's jobs have begun to end on a service
 *   that does not queue, at least every SPARE_GAP_MS.
 * - A queued job is looked at just often enough that a start right after a look is seen
 *   (queueing.ts), never more often, counted from its creation, than such a loop. Once found
 *   running, and its cohort has shown runs, it is looked at before its end is likely only as
 *   often as the loop's pace requires, and where its end is likely on the full schedule, as far
 *   as the batch has room beyond WINDOW_RESERVE.
 * - Once only the last jobs of a batch are left (CLOSE_WATCH of them, after others have ended),
 *   they are looked at closely, as far as the batch's looks so far leave room (budget.ts): the last
 *   one decides when the node is done. The last two are looked at every half second (once a second
 *   for jobs past a minute, schedule.ts), the very last one twice as often while the batch has room
 *   beyond LAST_JOB_RESERVE, and a credit of its own (LAST_JOB_END_SHARE in budget.ts); with more
 *   left, each is looked at that much less often, so that the close looks cost the batch about as
 *   much per second however many are left, and its room lasts until the last of them ends. Their
 *   looks are spread over that gap (`phased`; the very last job's come a gap apart), and when one
 *   is seen ended, the others that may have started with it are looked at at once, as far as the
 *   batch has room (lookPlan.ts). On a service that queues, so is the last wave once none is queued
 *   any more. A close look that comes due when the batch has no room left is put off to the job's
 *   own pace: for the very last job, a round of a loop that polls it alone (2.04 s, schedule.ts),
 *   so that it is seen no later than by that loop on average. A batch of a few jobs is on the full
 *   schedule from the start.
 *
 * Every job is also looked at when its Maximum Wait runs out, and never less often than its Poll
 * Interval allows.
 */

/**
 * A batch with CLOSE_WATCH jobs left, or fewer, has them watched closely, LAST_FEW of them at the
 * full close pace; on a service that queues, so has the last wave once no job is queued any more,
 * up to LAST_WAVE jobs. A batch of LAST_FEW jobs or fewer is on the full schedule.
 */
export const LAST_FEW = 2;
export const CLOSE_WATCH = 4;
export const LAST_WAVE = 10;

/**
 * When the first of a cohort's jobs that started together is seen ended, PROBES of the others are
 * looked at the moment they have run as long, and the rest only once one of those is found ended
 * (lookPlan.ts): with a wide spread, those looks would mostly find them running, and the room they
 * spend is what the close watch of the last jobs needs. A sibling looked at since it ran as long
 * is no probe (its look would say nothing new); with none left to probe, every sibling is due. On a
 * simulated clock (test/unit/engine/plan, 7,020 runs over seeds 1 to 60, answers up to 200 ms
 * late), the batch was done later than the loop in 8,789 of 56,160 runs against 8,913 when every
 * sibling was looked at, and of the jobs the loop saw in time, 4,589 were seen late against 4,647
 * (seeds 61 to 120: 8,817 against 8,852, and 4,582 against 4,670; answers 10 ms late: 7,941
 * against 8,050, and 3,878 against 3,904).
 */
export const PROBES = 1;

/**
 * What the batch as a whole tells the rule: how many jobs it still watches, how many ends it has
 * seen, whether its service queued jobs and none is queued now, from when it has room for a look
 * of its own (budget.ts), and from when it has room to spare beyond what it keeps for the close
 * watch of its last jobs (CLOSE_RESERVE on a service that queues, SPREAD_RESERVE while ends come
 * slowly).
 */
export type BatchView = {
	pending: number;
	endsSeen: number;
	drained: boolean;
	roomAt: number;
	spareAt: number;
	/** from when it has room for a quick look at its very last job, beyond LAST_JOB_RESERVE */
	quickAt: number;
	/** from when it has room for a look where a queued job's end is likely, beyond WINDOW_RESERVE */
	windowAt: number;
	/** when its close watch began: the close looks of its jobs fall at their phases from then */
	closeFrom: number;
};

/**
 * Looks of room a batch on a service that queues keeps for the close watch of its last wave when
 * it spends room on the others: about ten seconds of its last two jobs watched every half second,
 * beyond the loop's pace. On a simulated clock (test/unit/engine/plan), with less the last wave's
 * close watch spent the room its very last job needed (a service running two 5 s jobs at a time
 * saw it 80 ms later on average with 15). Batches without queueing keep SPREAD_RESERVE instead,
 * and only while their ends come slowly.
 */
export const CLOSE_RESERVE = 30;

/**
 * Looks of room a batch on a service that does not queue keeps for the close watch of its last
 * jobs, while its ends come slowly: at the pace its ends have come since the first (ends seen
 * against jobs left), the last would come more than SPREAD_HORIZON_MS later. Alike jobs whose run
 * times spread widely (10 s ±50 %) end one by one over seconds, and the room spent looking at the
 * others on the full schedule is what the last of them lacked: polled on the loop's pace, they
 * were seen on whatever round fell after their ends. Jobs whose runs spread little end within a
 * second of each other: there the looks on the full schedule are what sees the last end soon, and
 * the reserve is not kept.
 *
 * On the simulated clock with the loop timed as measured (`LOOP_MODEL=traced npm run sim:plan`,
 * seeds 1 to 60, 11,040 runs), against no reserve: batches done later than the loop 16,146
 * against 16,381 of 88,320 phase-runs (answers 10 ms late: 15,340 against 15,528), later than the
 * loop in step with them 2,287 against 2,322 (2,169 against 2,184), over the loop's looks 755
 * against 760 (1,316 against 1,336), jobs the loop saw within target and the batch did not 8,900
 * against 8,895 (6,841 against 6,982); the bench's e3 as a family (`B-e3`), later than the
 * in-step loop in 21 against 42 of 60 seeds (answers 10 ms late: 6 against 24), over the loop's
 * looks in none against 16 (none against 15). Kept from the first end for every batch, 20
 * looks left alike jobs of 5 s ±10 % done later than the in-step loop in 46 of 60 seeds against
 * 7; kept from when the batch had run 1.3 times as long as its first end took, jobs of 10 s
 * ±50 % lost what the reserve gave them (33 of 60 against 19). A horizon of 2 s missed more jobs
 * (965 against 857 of the families without queueing), one of 4 s left more batches later (1,309
 * against 1,243); 30 looks did no better than 20.
 */
export const SPREAD_RESERVE = 20;
export const SPREAD_HORIZON_MS = 3000;

/**
 * The very last job of a batch decides alone when the node is done: while the batch has more than
 * LAST_JOB_RESERVE looks of room, it is looked at twice as often as the close watch's pace (every
 * quarter second while young, every half second at most). Once the room is down to the reserve,
 * the close pace takes over, so that a last job that runs long keeps its close watch rather than
 * falling back to the loop's pace for want of room. On a simulated clock (test/unit/engine/plan,
 * 7,020 runs over seeds 1 to 60), the batch was done later than a loop through a 2 s Wait (at eight
 * moments its first round may fall at) in 8,868 of 56,160 runs against 12,257 before, its last job
 * seen 0.33 s after its end on average against 0.45 s (the loop: 1.02 s), with 51.3 looks per job
 * against 45.7 (the loop: 183.4) and no batch with more looks than the loop. Without the reserve,
 * batches of 5 s jobs on a service running 4 or 5 at a time were more often done later than the
 * loop (their last job outlived the room); with 30 looks kept, less was gained (9,035 runs).
 */
export const LAST_JOB_SHARE = 0.5;
export const LAST_JOB_RESERVE = 10;

/**
 * Once the cohort of the very last job has shown how long its jobs run (lessons.ts), the reserve
 * is only what the close watch needs until that job has run LAST_RUN_MARGIN times the longest of
 * those runs, and at least LAST_JOB_MIN_RESERVE looks (lookPlan.ts): the last job of a batch that
 * spent most of its room on its last two jobs is then still watched twice as often when it is
 * about to end. Replaying the run times of the bench's case g2 on a simulated clock with answers
 * a few milliseconds late, as the fake service gives them, its last job was seen 0.20 s after its
 * end on average against 0.38 s (as in the real n8n: 0.43 to 0.49 s), the other cases of the bench
 * alike; over seeds 1 to 60 the batch was done later than the loop in 8,050 of 56,160 runs against
 * 8,151 (answers up to 200 ms late: 8,913 against 8,984), with no more looks.
 */
export const LAST_RUN_MARGIN = 1.2;
export const LAST_JOB_MIN_RESERVE = 2;

/**
 * When a look is next due, whether it may wait behind the others (`routine`), and whether the
 * batch's room brought it forward (`close`), so that it is taken only if the room is still there
 * when it comes due, beyond the reserve `keep` names (CLOSE_RESERVE or LAST_JOB_RESERVE).
 */
export type NextLook = { at: number; routine: boolean; close: boolean; keep: Keep };

/**
 * What room a close look must leave when due: none, the last wave's, the last job's, or, for a
 * look where a queued job's end is likely, WINDOW_RESERVE.
 */
export type Keep = 'none' | 'lastWave' | 'lastJob' | 'window';

/** Whether the batch is down to its last jobs, watched closely, once others have ended. */
export function lastFew(batch: BatchView): boolean {
	if (!batch.endsSeen) return false;
	return batch.pending <= (batch.drained ? LAST_WAVE : CLOSE_WATCH);
}

/**
 * The gap of a close look, `elapsedMs` after the job may have started (schedule.ts): the last
 * LAST_FEW jobs at the full close pace, more of them each that much less often.
 */
function closeGap(elapsedMs: number, m: Member, batch: BatchView): number {
	return fineGap(elapsedMs, m.capMs) * Math.max(1, batch.pending / LAST_FEW);
}

/**
 * The close looks of the last jobs are spread over the close watch's gap, each job at its `phase`
 * of it counted from `from`, so that an end they share is seen a fraction of the gap after it and
 * the others are then looked at at once (lookPlan.ts). `at` is when the look would come unspread,
 * `after` the last look and `floor` the earliest the job may have ended: the look comes at its
 * phase within the gap before `at` where that is past both, else within the gap after `at`. Either
 * way it comes less than a gap after the later of them, so that no end is seen later for it.
 *
 * The very last job's looks are not phased (mayEndNow): alone, it kept the phase it had among the
 * last jobs, and its look came at that phase a quarter of a gap after the one before, the next a
 * whole gap later (the 60 s job of the bench's e2 on the simulated clock, seed 17, alone for its
 * last 6 s: looks 0.26 and 0.93 s apart in turn, the last at 60.96 s where the loop in step with
 * the batch saw it at 60.80 s; unphased, 0.82 to 0.88 s apart, the last at 60.31 s). On the
 * simulated clock with the loop timed as measured (`LOOP_MODEL=traced npm run sim:plan`, seeds 1 to
 * 60, 12,180 runs, answers up to 200 ms late), against phased looks: batches done later than the
 * loop 18,807 against 18,818 of 97,440 phase-runs, later than the loop in step with them 2,534
 * against 2,553, over the loop's looks 919 against 922; `B-e2` later than the in-step loop in 7
 * against 12 of 60 seeds, and over the loop's looks in none against 4 (answers 10 ms late: 17,728
 * against 17,738; 2,544 against 2,562; 1,678 against 1,683; `B-e2` 5 against 8, and 2 against 8;
 * the loop timed as on the quickest morning: 18,648 against 18,655, 2,595 against 2,599). The worst
 * lag and the last job's lag on average are the same.
 */
function phased(
	at: number,
	gapMs: number,
	phase: number,
	from: number,
	after: number,
	floor: number,
) {
	if (from === -Infinity || at <= from) return at;
	const next = from + (Math.ceil((at - from) / gapMs - phase) + phase) * gapMs;
	const before = next - gapMs;
	return before >= floor && before > after + gapMs / 4 ? before : next;
}

/**
 * Once a batch's jobs have begun to end, a job that may end at any time, on a service that does
 * not queue, is looked at at least every SPARE_GAP_MS while the batch has room to spare. The full
 * schedule looks every 9 % of a job's age, sparser than a loop through a 2 s Wait past about
 * 23 s of age: alike jobs of 30 s ±10 % end over a few seconds, and the last of them were seen on
 * whatever look came 2.8 s after the one before, where the loop polls every 2.1 s. On the
 * simulated clock with the loop timed as measured (`LOOP_MODEL=traced npm run sim:plan`, seeds 1
 * to 60, 12,180 runs, answers up to 200 ms late), against the full schedule alone: batches done
 * later than the loop 18,691 against 18,807 of 97,440 phase-runs, later than the loop in step
 * with them 2,518 against 2,534, no more batches over the loop's looks, as many jobs the loop saw
 * within target and the batch did not; `noq 30s ±10` later than the in-step loop in 8 against 19
 * of 60 seeds (answers 10 ms late: 17,567 against 17,728, 2,533 against 2,544, 1,678 batches over
 * the loop's looks against 1,678). Every 1.5 s did as well at 200 ms (18,686 and 2,523) and a
 * little worse at 10 ms (17,601, 2,532, 1,679). On the families without a queue (`ONLY=
 * '^(noq|B-)'`), `noq` was later than the loop in 1,137 of 5,760 runs against 1,256; every 1.2 s,
 * 1,155. Looking at that pace from the batch's start, and on a service that queues too (every
 * 1.5 s), gave half as many looks again over every family (48.05 per job against 32.34: jobs of
 * minutes looked at every 1.5 s from their creation), and made batches of 5 and 4 at once later
 * (1,598 and 1,653 against 1,534 and 1,637); every 0.7 s, `noq` 1,273; every 2.2 s, 1,154.
 */
export const SPARE_GAP_MS = 1800;

/** When a job that may end at any time is next looked at. */
function mayEndNow(m: Member, batch: BatchView): number {
	const at = mayEndAt(m, batch);
	const likely = likelyEnd(m);
	if (!likely || at >= likely.from || batch.pending <= LAST_FEW) return at;
	// before its likely end: the window's start, or the loop's pace if that comes sooner
	const slowest = m.lastAt + patrolGap(m.lastAt - m.createdAt, m.capMs);
	return Math.max(at, Math.min(likely.from, slowest));
}

/** The same, wherever its end may be (mayEndNow puts off a look before its likely end). */
function mayEndAt(m: Member, batch: BatchView): number {
	const age = m.lastAt - m.createdAt;
	const next = m.lastAt + gapMs(age, m.capMs);
	const slowest = m.lastAt + patrolGap(age, m.capMs);
	const loopPaced = Math.min(loopRoundAt(m.createdAt, next), slowest);
	if (lastFew(batch)) {
		// closely from when it may have started, if the batch has room; else like the loop
		const alone = batch.pending === 1;
		const gap = closeGap(m.lastAt - m.startLo, m, batch);
		const quick = m.lastAt + gap * LAST_JOB_SHARE;
		if (alone && batch.quickAt <= quick) return quick;
		const floor = earliestEnd(m);
		const unspread = Math.max(m.lastAt + gap, floor);
		// the very last job shares its gap with no other: its looks come a gap apart (`phased`)
		const close = alone
			? unspread
			: phased(unspread, gap, m.phase, batch.closeFrom, m.lastAt, floor);
		// the very last job without room: every round of a loop that polls it alone (schedule.ts)
		const pace = alone ? loopRoundMs(1) : LOOP_GAP_MS;
		const paced = batch.pending <= LAST_FEW ? Math.min(next, m.lastAt + pace) : loopPaced;
		return batch.roomAt <= close ? close : paced;
	}
	// the full schedule, as far as the batch has room to spare; else like the loop
	if (batch.pending <= LAST_FEW) return next;
	// where a queued job's end is likely: the full schedule, as far as the batch has room
	if (inWindow(m, next) && batch.windowAt <= next) return next;
	if (batch.spareAt > next) return loopPaced;
	// once the batch's jobs have begun to end, no sparser than SPARE_GAP_MS with room to spare
	if (!batch.endsSeen || m.cohort.queues) return next;
	return Math.min(next, m.lastAt + SPARE_GAP_MS);
}

/**
 * When a sibling's end says `m` should be done, or, created after its cohort's jobs were seen to
 * end together, when it has run as long as they took (Infinity: not yet known, or looked at
 * since). Looks due within TOLERANCE_MS go out together: this one is due that much later, so
 * that it never goes out before the moment.
 */
export function expectedAt(m: Member): number {
	if (!m.probe && !m.cohort.probeEnded && !m.cohort.joinedLate(m)) return Infinity;
	const at = m.createdAt + m.cohort.expectRunMs;
	return at > m.lastAt ? at + TOLERANCE_MS : Infinity;
}

/** When a job last found queued is next looked at (queueing.ts). */
function queuedAt(m: Member, batch: BatchView): number {
	const close = queuedLookAt(m, () => closeGap(0, m, batch));
	if (lastFew(batch) && batch.roomAt <= close) return close;
	const at = queuedLookAt(m, (elapsed) => gapMs(elapsed, m.capMs));
	return Math.max(at, loopPaceAt(m.createdAt, m.looks));
}

export function nextLook(m: Member, batch: BatchView): NextLook {
	if (m.now) return { at: -Infinity, routine: false, close: false, keep: 'none' };
	const { at, routine } = lookAt(m, batch);
	// a close look: one the batch's room brought forward, taken only if the room is still there
	const roomless = {
		...batch,
		roomAt: Infinity,
		spareAt: Infinity,
		quickAt: Infinity,
		windowAt: Infinity,
	};
	const close = batch.roomAt < Infinity && at < lookAt(m, roomless).at;
	let keep: Keep = 'none';
	if (close && !lastFew(batch)) keep = inWindow(m, at) ? 'window' : 'lastWave';
	// a quick look at the very last job, which only a batch with room for one can bring forward
	else if (close && batch.quickAt < Infinity && at < lookAt(m, { ...batch, quickAt: Infinity }).at)
		keep = 'lastJob';
	return { at, routine, close, keep };
}

function lookAt(m: Member, batch: BatchView): { at: number; routine: boolean } {
	const c = m.cohort;
	let own: number;
	let routine = false;
	if (c.queues && m.queuedAt !== undefined) {
		own = queuedAt(m, batch);
		routine = true;
	} else if (lastFew(batch) || !c.inGroup(m)) {
		own = Math.max(earliestEnd(m), mayEndNow(m, batch));
		// a sibling that started with it ended: it has run as long by then (looked at after that
		// end was seen, it is on its own schedule, which finds it soon enough)
		if (c.startedFirst(m) && m.lastAt <= c.firstEndAt) own = Math.min(own, expectedAt(m));
		// created after its cohort's jobs were seen to end together: first looked at when it has
		// run as long as they did
		else if (c.joinedLate(m)) {
			const expected = expectedAt(m);
			if (expected < Infinity) own = Math.max(own, expected);
		}
	} else {
		// the cohort's turns (lookPlan.ts) come to it, as far as the batch has room; every job of
		// the group has the safety net
		const safety = m.lastAt + followerGap(m.lastAt - m.createdAt, m.capMs);
		own = Math.min(safety, expectedAt(m));
		routine = own === safety;
	}
	const deadline = m.pastDeadline ? Infinity : m.deadline;
	const at = Math.min(own, deadline, m.lastAt + m.capMs);
	return { at, routine: routine && at === own };
}
