import type { Member } from './member';
import { loopRoundMs } from './schedule';

/**
 * The looks of a batch against what a loop through n8n's Wait node would make for the same jobs:
 * one per job each round, until it has seen the job ended, a round taking `loopRoundMs` of the
 * jobs it polls (2.03 s plus 8 ms a job: 2.04 s for one, 2.19 s for twenty). Every job is paced
 * on its own (rules.ts); the looks that are the batch's rather than one job's (the scouts' turns,
 * the close looks at the last jobs) spend only what the others left unspent.
 *
 * The loop's rounds are counted on a clock that runs at the pace of a round of the jobs the batch
 * watches at each moment (`roundsAt`): a job's looks by the loop are the rounds between its
 * creation and the moment in question. On the simulated clock with the loop timed as n8n ran it
 * (`LOOP_MODEL=traced npm run sim:plan`, seeds 1 to 60, 11,040 runs, answers up to 200 ms late),
 * against a flat 2.2 s a round: batches done later than the loop 16,579 against 17,337 of 88,320
 * phase-runs, 2,348 against 2,407 in step with it, jobs the loop saw within target and the batch
 * did not 8,896 against 9,162, the last job seen 389 ms after its end on average against 407 ms;
 * the bench's e as a family (`B-e`) done later than the loop in step with it in 2 of 60 seeds
 * against 21. Batches with more looks than the loop: 759 against 689, nearly all of jobs of 1 to
 * 3 s on a service that queues, where the plan was over the loop's looks before (docs/waiting.md).
 */
export class LoopBudget {
	private made = 0;
	/** what the loop made for the jobs no longer watched */
	private loopDone = 0;
	/** how many jobs are watched, and the sum of the loop's clock at their creation */
	private watched = 0;
	private createdSum = 0;
	/** the loop's clock at each moment the number of jobs watched changed, from then on */
	private readonly marks: Array<{ at: number; rounds: number; watched: number }> = [
		{ at: -Infinity, rounds: 0, watched: 0 },
	];

	added(createdAt: number): void {
		this.mark(createdAt, +1);
		this.createdSum += this.roundsAt(createdAt);
	}

	looked(count: number): void {
		this.made += count;
	}

	/**
	 * A job no longer watched, from `now`, which the loop looked at until `ranUntil`
	 * (`loopSawUntil`): every round up to then, and the one after.
	 */
	removed(createdAt: number, ranUntil: number, now: number): void {
		const from = this.roundsAt(createdAt);
		this.createdSum -= from;
		this.loopDone += Math.floor(this.roundsAt(ranUntil) - from) + 1;
		this.mark(now, -1);
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
		// the loop's looks at a watched job by `now`: one a round, less half a look for the rounding
		const loop = this.loopDone + n * this.roundsAt(now) - this.createdSum - n / 2;
		if (made < loop) return -Infinity;
		const rounds = (made + 1 - this.loopDone + n / 2 + this.createdSum) / n;
		const last = this.marks[this.marks.length - 1];
		return last.at + (rounds - last.rounds) * loopRoundMs(n);
	}

	private mark(at: number, by: number): void {
		const last = this.marks[this.marks.length - 1];
		const from = Math.max(at, last.at);
		const rounds = this.roundsAt(from);
		this.watched += by;
		this.marks.push({ at: from, rounds, watched: this.watched });
	}

	/** The loop's clock at `at`: the rounds it has made since the batch's first job. */
	private roundsAt(at: number): number {
		let lo = 0;
		let hi = this.marks.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if (this.marks[mid].at <= at) lo = mid;
			else hi = mid - 1;
		}
		const m = this.marks[lo];
		if (m.at === -Infinity) return 0;
		return m.rounds + (at - m.at) / loopRoundMs(m.watched);
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
