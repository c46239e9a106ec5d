import { loopRound } from './schedule';

/**
 * The polls a loop through a 2 s Wait must make over the same jobs, as far as the polls so far
 * show: one a round from each job's creation while the job has not ended, and one more that finds
 * it ended. A poll that finds a job not ended at age A shows that the loop polled it at least
 * A / round times, rounded down, and will poll it once more. The count never falls, so a poll it
 * allowed is never taken back. One poll is kept for each job's end.
 */
export class LoopBudget {
	private spent = 0;
	private allowed = 0;
	private kept = 0;

	/** A job to watch; `atOnce`: polled at once, as the loop would poll it too. */
	add(atOnce: boolean): void {
		this.allowed += atOnce ? 2 : 1;
		this.kept++;
	}

	polled(count: number): void {
		this.spent += count;
	}

	/** A poll found a job not ended at age `ageMs`; its last such poll was at `beforeMs`. */
	notEnded(beforeMs: number, ageMs: number, jobs: number): void {
		const rounds = (a: number) => Math.floor(Math.max(0, a) / loopRound(jobs));
		this.allowed += Math.max(0, rounds(ageMs) - rounds(beforeMs));
	}

	/** A job's kept poll is taken: by a poll that likely finds it ended, or as it leaves. */
	takeKept(): void {
		this.kept--;
	}

	/** The poll that took a job's kept poll found it not ended: the job keeps one again. */
	giveBackKept(): void {
		this.kept++;
	}

	/**
	 * Whether a poll beyond the patrol may go, `taking` being on their way, with `margin` polls
	 * beyond the loop's. A poll that likely finds its job ended is that job's kept poll: it needs
	 * the budget not overdrawn. Any other must leave, once sent, a poll free beyond the kept polls
	 * and `reserve`.
	 */
	allows(taking: number, margin: number, likely: boolean, reserve: number): boolean {
		const free = this.allowed + margin - this.spent - taking - this.kept;
		return likely ? free >= 0 : free - 1 >= 1 + reserve;
	}
}
