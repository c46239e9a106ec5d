import { LoopBudget } from './budget';
import { DueHeap } from './dueHeap';
import { CLOSE_LEFT, extraAt, likelyEnded, newJob, TOLERANCE_MS } from './pollJob';
import type { Cohort, Job, PollOptions } from './pollJob';
import { patrolGap } from './schedule';

/**
 * When each job of a batch is polled, in five rules (gaps in schedule.ts):
 *
 * 1. Patrol: every job is polled every 2.3 s from its creation (a round of a loop through a 2 s
 *    Wait and half an answer's delay), or every tenth of its age once that is longer.
 * 2. Alike jobs (same kind, model and settings: cohortKey.ts) share what they learn: when one is
 *    seen ended at age A, each of the others is polled when it reaches A, and from then on on its
 *    own schedule, a tenth of its age, at least 0.9 s.
 * 3. The last few: once jobs of the batch have ended and CLOSE_LEFT or fewer are left, each is
 *    polled every half second to a second (more of them, each that much less often), since the
 *    last one decides when the node is done.
 * 4. A job seen queued is timed, for rules 2 and 3, from the poll that saw it queued.
 * 5. Budget: the polls of rules 2 and 3 go out only while the batch has made fewer than the loop
 *    must make over the same jobs (budget.ts), keeping one for each job's end. The polls a user
 *    asked for go out whatever the budget: at once for a job handed in, at Poll Interval, and at
 *    Maximum Wait.
 *
 * Pure: the batch tells it what it sent and saw, with the time, and asks what is due.
 */
export { TOLERANCE_MS } from './pollJob';

export class PollPlan {
	private readonly jobs = new Map<number, Job>();
	private readonly cohorts = new Map<string, Cohort>();
	private readonly patrol = new DueHeap<Job>(current);
	private readonly extra = new DueHeap<Job>(current);
	private readonly asked = new DueHeap<Job>(current);
	private readonly budget = new LoopBudget();
	private endsSeen = 0;
	private clock = -Infinity;

	/** A job to watch from `createdAt`; `capMs` is its Poll Interval, `now`: poll it at once. */
	add(id: number, key: string, createdAt: number, o: PollOptions = {}): void {
		let c = this.cohorts.get(key);
		if (!c) this.cohorts.set(key, (c = { endAgeMs: Infinity, jobs: new Set() }));
		const j = newJob(id, c, createdAt, o);
		c.jobs.add(j);
		this.jobs.set(id, j);
		this.budget.add(j.atOnce);
		this.clock = Math.max(this.clock, createdAt);
		this.schedule(j);
		this.closeWatch();
	}

	has(id: number): boolean {
		return this.jobs.has(id);
	}

	get size(): number {
		return this.jobs.size;
	}

	/** The jobs to poll now, each marked busy until `seen`, `seenQueued` or `remove`. */
	due(now: number): Array<{ id: number; routine: boolean }> {
		this.clock = Math.max(this.clock, now);
		const by = now + TOLERANCE_MS;
		const out: Array<{ id: number; routine: boolean }> = [];
		const send = (j: Job, routine: boolean) => {
			if (j.busy) return;
			j.busy = true;
			j.polls++;
			j.atOnce = false;
			j.lastAt = now;
			// the poll at Maximum Wait is the last the user asked for
			if (by >= j.deadline) j.deadline = Infinity;
			out.push({ id: j.id, routine });
		};
		for (const j of this.asked.popUntil(by)) send(j, false);
		for (const j of this.patrol.popUntil(by)) send(j, true);
		const held: Job[] = [];
		for (const j of this.extra.popUntil(by)) {
			if (this.affords(j, out.length)) send(j, false);
			else held.push(j);
		}
		for (const j of held) this.extra.push(j, j.extraAt, j.stamp);
		this.budget.polled(out.length);
		return out;
	}

	/** When a poll is next due (Infinity: nothing to poll until an answer comes). */
	wakeAt(): number {
		// with no room, the next answer that finds a job not ended may make some
		const top = this.extra.top();
		const extra = top && this.affords(top, 0) ? this.extra.peek() : Infinity;
		return Math.min(this.asked.peek(), this.patrol.peek(), extra);
	}

	/** A poll of job `id` answered at `at` found it running, or ended (it then leaves the plan). */
	seen(id: number, at: number, ended: boolean): void {
		const j = this.answered(id, at);
		if (!j) return;
		if (!ended) {
			this.notEnded(j);
			return this.schedule(j);
		}
		this.endsSeen++;
		this.drop(j);
		const c = j.cohort;
		const age = j.lastAt - j.startFrom;
		if (age >= c.endAgeMs) return;
		const learnt = age < c.endAgeMs - TOLERANCE_MS;
		c.endAgeMs = age;
		if (learnt) for (const s of c.jobs) this.schedule(s);
	}

	/** A poll of job `id` answered at `at` found it queued: it may start from that poll on. */
	seenQueued(id: number, at: number): void {
		const j = this.answered(id, at);
		if (!j) return;
		this.notEnded(j);
		j.startFrom = j.lastAt;
		this.schedule(j);
	}

	/** Stops watching a job (ended, failed, or no longer of interest). */
	remove(id: number): void {
		const j = this.jobs.get(id);
		if (j) this.drop(j);
	}

	/**
	 * Whether the budget has room for a poll of rules 2 and 3, `taking` being on their way: one
	 * beyond a poll for each job's end, which the patrol still needs, and one of margin. A job's
	 * poll at its cohort's end age likely is the one for its end, and needs no poll kept.
	 */
	private affords(j: Job, taking: number): boolean {
		return this.budget.room - taking - this.jobs.size + (likelyEnded(j) ? 1 : 0) >= 2;
	}

	private answered(id: number, at: number): Job | undefined {
		this.clock = Math.max(this.clock, at);
		const j = this.jobs.get(id);
		if (j) j.busy = false;
		return j;
	}

	private notEnded(j: Job): void {
		this.budget.notEnded(j.notEndedAt - j.createdAt, j.lastAt - j.createdAt);
		j.notEndedAt = j.lastAt;
	}

	private drop(j: Job): void {
		this.jobs.delete(j.id);
		j.cohort.jobs.delete(j);
		j.stamp++;
		this.closeWatch();
	}

	/** Rule 3: the last few jobs' gaps depend on how many are left. */
	private closeWatch(): void {
		if (!this.endsSeen || this.jobs.size > CLOSE_LEFT) return;
		for (const j of this.jobs.values()) this.schedule(j);
	}

	/** Its next polls: by rule 1, by rules 2 and 3 if sooner, and the next its user asked for. */
	private schedule(j: Job): void {
		if (j.busy || !this.jobs.has(j.id)) return;
		const patrolAt = j.lastAt + patrolGap(j.lastAt - j.createdAt);
		const left = this.endsSeen ? this.jobs.size : Infinity;
		j.extraAt = extraAt(j, left);
		j.stamp++;
		this.patrol.push(j, patrolAt, j.stamp);
		if (j.extraAt < patrolAt) this.extra.push(j, j.extraAt, j.stamp);
		this.asked.push(j, Math.min(j.atOnce ? -Infinity : j.lastAt + j.capMs, j.deadline), j.stamp);
	}
}

function current(j: Job, stamp: number): boolean {
	return j.stamp === stamp && !j.busy;
}
