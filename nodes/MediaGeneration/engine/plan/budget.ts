import { LOOP_ROUND_MS } from './schedule';

/**
 * The polls a loop through a 2 s Wait must make over the same jobs, as far as the polls so far
 * show: one a round (LOOP_ROUND_MS) from each job's creation while the job has not ended, and one
 * more that finds it ended. A poll that finds a job not ended at age A shows that the loop polled
 * it at least A / LOOP_ROUND_MS times, rounded down, and will poll it once more. The count never
 * falls, so a poll it allowed is never taken back.
 */
export class LoopBudget {
	private spent = 0;
	private allowed = 0;

	/** A job to watch; `atOnce`: polled at once, as the loop would poll it too. */
	add(atOnce: boolean): void {
		this.allowed += atOnce ? 2 : 1;
	}

	polled(count: number): void {
		this.spent += count;
	}

	/** A poll found a job not ended at age `ageMs`; its last such poll was at `beforeMs`. */
	notEnded(beforeMs: number, ageMs: number): void {
		const rounds = (a: number) => Math.floor(Math.max(0, a) / LOOP_ROUND_MS);
		this.allowed += Math.max(0, rounds(ageMs) - rounds(beforeMs));
	}

	/** How many more polls the batch may make now (may be under 1). */
	get room(): number {
		return this.allowed - this.spent;
	}
}
