import { LoopBudget } from './budget';
import { DueHeap } from './dueHeap';
import { extraAt, isScout, likelyEnded, newJob, nextPatrol, runAgeOf } from './pollJob';
import type { Cohort, Job, PollOptions } from './pollJob';
import { CLOSE_LEFT, loopRound, NET_MS, TOLERANCE_MS } from './schedule';

/**
 * When each job of a batch is polled (gaps in schedule.ts). A job's age counts from its creation;
 * its run age from when it may have started: its creation, or the last poll that found it queued.
 * 1. Patrol, by age: every job is polled once a round of a loop through a 2 s Wait over the
 *    batch's unfinished jobs (2 s and n8n's work per job), or every tenth of its age once longer.
 * 2. Alike jobs (same kind, model and settings: cohortKey.ts) share what they learn. Until one is
 *    seen ended, the oldest (the scout) is polled every tenth of its run age, at most every 0.5 s;
 *    the others are on a 5 s net until ten rounds of age. When one ends at run age A, each other
 *    is polled when its run age reaches A.
 * 3. Past A, a job still running is watched closely (every 1.5 % of its run age, at most every
 *    0.5 s) until its run age passes A by a tenth, then goes back to the patrol.
 * 4. Once jobs have ended and CLOSE_LEFT or fewer are left, each is watched closely, its gap
 *    times left / 2: the last one decides when the node is done. The last is also polled once a
 *    round of the loop, as the loop would, whatever the budget.
 * 5. A job seen queued: its run age, so rules 2 to 4, counts from that poll; its patrol does not.
 * 6. Budget: the scout's and the close watch's polls go out only while the batch has polled less
 *    than the loop over the same jobs would have (budget.ts), keeping one poll for each job's end
 *    and CLOSE_RESERVE for rule 4. A batch whose loop round is longer than the net may poll
 *    MARGIN_SHARE more. The polls a user asked for go out whatever the budget: at once for a job
 *    handed in, at Poll Interval, and at Maximum Wait.
 * Pure: the batch tells it what it sent and saw, with the time, and asks what is due.
 */
/** a batch whose loop round is longer than the net may poll this share more: its scouts' polls */
export const MARGIN_SHARE = 0.05;
/** rule 4 for two rounds of the loop: each of the last few polled about every second, four times */
const CLOSE_RESERVE = 4 * CLOSE_LEFT;

/** A heap's entry is current while it has its job's stamp and no poll of the job is out. */
const current = (j: Job, stamp: number) => j.stamp === stamp && !j.busy;

export class PollPlan {
	private readonly jobs = new Map<number, Job>();
	private readonly cohorts = new Map<string, Cohort>();
	private readonly patrol = new DueHeap<Job>(current);
	private readonly extra = new DueHeap<Job>(current);
	private readonly asked = new DueHeap<Job>(current);
	private readonly budget = new LoopBudget();
	private endsSeen = 0;
	private added = 0;
	/** the loop's round over this batch is longer than the net: the loop polls each job once */
	// Stryker disable next-line BooleanLiteral: set by every add, before anything reads it
	private large = false;

	/** A job to watch from `createdAt`; `capMs` is its Poll Interval, `now`: poll it at once. */
	add(id: number, key: string, createdAt: number, o: PollOptions = {}): void {
		let c = this.cohorts.get(key);
		if (!c) this.cohorts.set(key, (c = { endAgeMs: Infinity, jobs: new Set() }));
		const j = newJob(id, c, createdAt, o);
		c.jobs.add(j);
		this.jobs.set(id, j);
		this.added++;
		// Stryker disable next-line EqualityOperator: no batch size makes a round exactly the net
		this.large = loopRound(this.added) >= NET_MS;
		this.budget.add(j.atOnce);
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
		const by = now + TOLERANCE_MS;
		const out: Array<{ id: number; routine: boolean }> = [];
		// a busy job is never popped: the heaps drop it (`current`)
		const send = (j: Job, routine: boolean) => {
			j.busy = true;
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
			if (!this.affords(j, out.length)) {
				held.push(j);
				continue;
			}
			if (likelyEnded(j, this.large)) {
				j.endPollOut = true;
				this.budget.takeKept();
			}
			send(j, false);
		}
		for (const j of held) this.extra.push(j, j.extraAt, j.stamp);
		this.budget.polled(out.length);
		return out;
	}

	/** When a poll is next due (Infinity: nothing to poll until an answer comes). */
	wakeAt(): number {
		const top = this.extra.top();
		const extra = top && this.affords(top, 0) ? this.extra.peek() : Infinity;
		return Math.min(this.asked.peek(), this.patrol.peek(), extra);
	}

	/** A poll of job `id` found it running, or ended (it then leaves the plan). */
	seen(id: number, ended: boolean): void {
		const j = this.answered(id);
		if (!j) return;
		if (!ended) {
			this.notEnded(j);
			return this.schedule(j);
		}
		this.endsSeen++;
		this.drop(j);
		const c = j.cohort;
		const runAge = runAgeOf(j);
		// Stryker disable next-line EqualityOperator: at the same age, the end age stays as it is
		if (runAge >= c.endAgeMs) return;
		const learnt = runAge < c.endAgeMs - TOLERANCE_MS;
		c.endAgeMs = runAge;
		if (learnt) for (const s of c.jobs) this.schedule(s);
	}

	/** A poll of job `id` found it queued: it may start from that poll on. */
	seenQueued(id: number): void {
		const j = this.answered(id);
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

	/** Whether the budget has room for a poll of rules 2 to 4 of `j`, `taking` being on their way. */
	private affords(j: Job, taking: number): boolean {
		const margin = this.large ? Math.floor(this.added * MARGIN_SHARE) : 0;
		const reserve = this.endsSeen > 0 && this.jobs.size <= CLOSE_LEFT ? 0 : CLOSE_RESERVE;
		return this.budget.allows(taking, margin, likelyEnded(j, this.large), reserve);
	}

	/** The job a poll answered, no longer busy; a kept poll it spent on an end not seen is back. */
	private answered(id: number): Job | undefined {
		const j = this.jobs.get(id);
		if (j?.endPollOut) this.budget.giveBackKept();
		if (j) j.busy = j.endPollOut = false;
		return j;
	}

	private notEnded(j: Job): void {
		this.budget.notEnded(j.notEndedAt - j.createdAt, j.lastAt - j.createdAt, this.jobs.size);
		j.notEndedAt = j.lastAt;
	}

	private drop(j: Job): void {
		if (!j.endPollOut) this.budget.takeKept();
		this.jobs.delete(j.id);
		const c = j.cohort;
		const wasScout = isScout(j);
		c.jobs.delete(j);
		// Stryker disable next-line UpdateOperator: a stamp need only change for older entries to lapse
		j.stamp++;
		if (wasScout) for (const s of c.jobs) this.schedule(s);
		this.closeWatch();
	}

	/** Rule 4: the last few jobs' gaps depend on how many are left. */
	private closeWatch(): void {
		if (!this.endsSeen || this.jobs.size > CLOSE_LEFT) return;
		for (const j of this.jobs.values()) this.schedule(j);
	}

	/** Its next polls: rules 1 and 2 (net, end age), rules 2 to 4 if sooner, and the user's. */
	private schedule(j: Job): void {
		// Stryker disable next-line ConditionalExpression: a busy job is scheduled when its answer comes
		if (j.busy) return;
		const left = this.endsSeen ? this.jobs.size : Infinity;
		const patrolAt = nextPatrol(j, this.jobs.size, left);
		j.extraAt = extraAt(j, left);
		// Stryker disable next-line UpdateOperator: a stamp need only change for older entries to lapse
		j.stamp++;
		this.patrol.push(j, patrolAt, j.stamp);
		// Stryker disable next-line ConditionalExpression,EqualityOperator: a later one lapses then
		if (j.extraAt < patrolAt) this.extra.push(j, j.extraAt, j.stamp);
		this.asked.push(j, Math.min(j.atOnce ? -Infinity : j.lastAt + j.capMs, j.deadline), j.stamp);
	}
}
