import type { Member } from './member';
import { LOOP_GAP_MS } from './schedule';

/**
 * The looks of a batch against what a loop through n8n's Wait node would make for the same jobs:
 * one per job every LOOP_GAP_MS, until it has seen the job ended. Every job is paced by it on its
 * own (rules.ts); the looks that are the batch's rather than one job's (the scouts' turns, the
 * close looks at the last jobs) spend only what the others left unspent.
 */
export class LoopBudget {
	private made = 0;
	/** what the loop made for the jobs no longer watched */
	private loopDone = 0;
	/** how many jobs are watched, and the sum of their creation times */
	private watched = 0;
	private createdSum = 0;

	added(createdAt: number): void {
		this.watched++;
		this.createdSum += createdAt;
	}

	looked(count: number): void {
		this.made += count;
	}

	/** A job no longer watched, which the loop looked at until `ranUntil` (`loopSawUntil`). */
	removed(createdAt: number, ranUntil: number): void {
		this.watched--;
		this.createdSum -= createdAt;
		this.loopDone += Math.floor((ranUntil - createdAt) / LOOP_GAP_MS) + 1;
	}

	/**
	 * From when the batch has room for one more look of its own (-Infinity: at `now`), `taking`
	 * looks being already on their way out. The loop's looks are counted on average over where its
	 * rounds fall, not round by round: counted by rounds, alike jobs get no look before the first
	 * round, and their first end is seen later (docs/waiting.md gives both on the simulated clock).
	 */
	roomAt(now: number, taking = 0): number {
		const n = this.watched;
		if (!n) return -Infinity;
		const made = this.made + taking;
		// the loop's looks at a watched job by `now`: one per gap, less half a look for the rounding
		const loop = this.loopDone + (n * now - this.createdSum) / LOOP_GAP_MS - n / 2;
		if (made < loop) return -Infinity;
		const needed = made + 1 - this.loopDone + n / 2;
		return (LOOP_GAP_MS * needed + this.createdSum) / n;
	}
}

/**
 * On a service that queues, how far from the last look that found a job running toward the look
 * that found it ended the loop is taken to have kept looking at it (see `loopSawUntil`).
 */
export const QUEUED_END_SHARE = 1 / 3;

/**
 * Until when the loop looked at job `m`, ended by `endedBy` if a look found it ended: the loop
 * looked at it at least once after the last look that found it running (`notEndedAt`), and on
 * until its first round after the job's end, which lies between that look and `endedBy`. Counting
 * up to the last look that found it running never credits more looks than the loop made. On a
 * service that queues it credits too few: a job there is looked at on the loop's pace or less
 * often while it waits and runs, so that span is up to a round long, a round the loop spent and
 * the batch is not credited for, and which its last jobs' close watch then lacks. There a third
 * of the span is counted. On a simulated clock (test/unit/engine/plan, 7,020 runs over seeds 1 to
 * 60, and again over 61 to 120), no batch of a service that queues made more looks than the loop
 * with a third; with half, one did. With it, the last of 20 jobs of about 5 s on a service that
 * runs 2 to 5 at a time is seen 0.50 s after its end on average, against 0.85 s (the loop:
 * 1.05 s); in the bench's case g2 (two at a time), 0.27 s against 0.41 s, and 0.49 s at worst
 * against 2.17 s.
 */
export function loopSawUntil(m: Member, endedBy?: number): number {
	const lastRunning = m.notEndedAt ?? m.createdAt;
	if (endedBy === undefined || !m.cohort.queues) return lastRunning;
	return lastRunning + (endedBy - lastRunning) * QUEUED_END_SHARE;
}
