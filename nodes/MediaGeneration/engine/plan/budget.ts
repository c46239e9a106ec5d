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

	/** A job no longer watched: the loop looked at it at least once after it was last seen running. */
	removed(createdAt: number, ranUntil: number): void {
		this.watched--;
		this.createdSum -= createdAt;
		this.loopDone += Math.floor((ranUntil - createdAt) / LOOP_GAP_MS) + 1;
	}

	/**
	 * From when the batch has room for one more look of its own (-Infinity: at `now`), `taking`
	 * looks being already on their way out.
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
