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
 * 3 s on a service that queues, where the plan was over the loop's looks before
 * (docs/waiting-figures.md).
 */
export class LoopBudget {
	private made = 0;
	/** what the loop made for the jobs no longer watched */
	private loopDone = 0;
	/** the sum of the loop's clock at the creation of the jobs watched */
	private createdSum = 0;
	/** rounds of the loop the very last job may spend on top of its own (`LAST_JOB_END_SHARE`) */
	private endCredit = 0;
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
	 * (`loopSawUntil`): every round up to then, and the one after; and, for the very last job's
	 * credit, until `lastJobUntil` (`lastJobCreditUntil`).
	 */
	removed(createdAt: number, ranUntil: number, now: number, lastJobUntil = ranUntil): void {
		const ran = this.roundsAt(ranUntil);
		this.endCredit += Math.max(0, this.roundsAt(lastJobUntil) - ran);
		const from = this.roundsAt(createdAt);
		this.createdSum -= from;
		this.loopDone += Math.floor(ran - from) + 1;
		this.mark(now, -1);
	}

	/**
	 * From when the batch has room for one more look of its own (-Infinity: at `now`), `taking`
	 * looks being already on their way out. The loop's looks are counted on average over where its
	 * rounds fall, not round by round: counted by rounds, alike jobs get no look before the first
	 * round, and their first end is seen later (docs/waiting-figures.md gives both on the simulated
	 * clock).
	 */
	roomAt(now: number, taking = 0): number {
		const last = this.marks[this.marks.length - 1];
		const n = last.watched;
		if (!n) return -Infinity;
		const made = this.made + taking;
		// the loop's looks at the jobs watched, one a round, less half a look each for the rounding,
		// are `base + n * rounds`; the very last job's credit, as far as unlocked, comes on top
		const base = this.loopDone - this.createdSum - n / 2;
		const credit = n === 1 ? this.endCredit : 0;
		const roundsNow = this.roundsAt(now);
		const unlocked = LAST_JOB_CREDIT_PER_ROUND * Math.max(0, roundsNow - last.rounds);
		if (made < base + n * roundsNow + Math.min(credit, unlocked)) return -Infinity;
		// the round at which the loop's looks, and what the credit has unlocked by then, reach one more
		const need = made + 1 - base;
		let rounds = need / n;
		if (credit > 0) {
			rounds = (need + LAST_JOB_CREDIT_PER_ROUND * last.rounds) / (1 + LAST_JOB_CREDIT_PER_ROUND);
			if (LAST_JOB_CREDIT_PER_ROUND * (rounds - last.rounds) > credit) rounds = need - credit;
		}
		return last.at + (rounds - last.rounds) * loopRoundMs(n);
	}

	private mark(at: number, by: number): void {
		const last = this.marks[this.marks.length - 1];
		const from = Math.max(at, last.at);
		const rounds = this.roundsAt(from);
		this.marks.push({ at: from, rounds, watched: last.watched + by });
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
	if (endedBy === undefined || !m.cohort.queues) return m.notEndedAt ?? m.createdAt;
	return partWayToEnd(m, endedBy, QUEUED_END_SHARE);
}

/** `share` of the way from the last look that found `m` running to the look that found it ended. */
function partWayToEnd(m: Member, endedBy: number, share: number): number {
	const lastRunning = m.notEndedAt ?? m.createdAt;
	return lastRunning + (endedBy - lastRunning) * share;
}

/**
 * The very last job of a batch decides alone when the node is done, and by the time it runs alone
 * the batch has spent its room (rules.ts). It may spend on top a credit the loop earned on the jobs
 * that ended: for each, the loop looked at it until its first round after the job's end, which
 * lies somewhere between the last look that found it running and the look that found it ended;
 * the budget counts up to the first (`loopSawUntil`), and the very last job may spend the rounds
 * of LAST_JOB_END_SHARE of that span, where the loop's end lies on average. It unlocks at
 * LAST_JOB_CREDIT_PER_ROUND looks per round of the loop from when the job runs alone, so that the
 * job is looked at up to three times a round while the credit lasts rather than spending it at
 * once. On a service that queues, a third of the span is already counted for every job
 * (QUEUED_END_SHARE), and those ends add nothing.
 *
 * On the simulated clock with the loop timed as measured (`LOOP_MODEL=traced npm run sim:plan`,
 * seeds 1 to 60, 11,040 runs, answers up to 200 ms late), against no credit: batches done later
 * than the loop 16,381 against 16,464 of 88,320 phase-runs (answers 10 ms late: 15,528 against
 * 15,693); the bench's e2 as a family (`B-e2`, alike jobs whose run times spread from 5 to 60 s)
 * done later than the loop in 149 of 480 against 219, later than the loop in step with it in 18
 * of 60 seeds against 30 (10 ms: 13 against 38), with no batch more over the loop's looks. At three
 * looks a round, B-e2 was done later than the in-step loop in 7 of 60 seeds, but two of them made
 * more looks than the loop; the whole credit at once, in 1 of 60, and 55 over; the credit counted
 * for ends on a service that queues too, 7 more batches over.
 */
export const LAST_JOB_END_SHARE = 0.5;
export const LAST_JOB_CREDIT_PER_ROUND = 2;

/** Until when the very last job's credit counts `m` as looked at by the loop (LAST_JOB_END_SHARE). */
export function lastJobCreditUntil(m: Member, endedBy?: number): number | undefined {
	if (endedBy === undefined || m.cohort.queues) return undefined;
	return partWayToEnd(m, endedBy, LAST_JOB_END_SHARE);
}
