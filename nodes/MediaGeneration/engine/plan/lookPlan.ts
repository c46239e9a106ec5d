import { lastJobCreditUntil, LoopBudget, loopSawUntil } from './budget';
import { Cohort, SCOUTS, scoutTurn } from './cohort';
import { DueHeap } from './dueHeap';
import { learnEnded, learnRunning, learnStarted, TOLERANCE_MS } from './lessons';
import { newMember, type Member, type MemberOptions } from './member';
import {
	CLOSE_RESERVE,
	CLOSE_WATCH,
	LAST_JOB_MIN_RESERVE,
	LAST_JOB_RESERVE,
	LAST_RUN_MARGIN,
	LAST_WAVE,
	nextLook,
	PROBES,
	SPREAD_HORIZON_MS,
	SPREAD_RESERVE,
	type Keep,
} from './rules';
import { WINDOW_RESERVE } from './queueing';
import { FINE_MIN_GAP_MS, gapMs, LOOP_GAP_MS } from './schedule';

/**
 * Which jobs to look at, and when: the look plan of a batch. It keeps what each look found and
 * what each cohort of like jobs has learnt (cohort.ts, lessons.ts), asks the rule (rules.ts) when
 * each job is next due, and keeps the answers in a heap, so that finding what is due costs about
 * the same for 10,000 jobs as for 20. Pure: the batch tells it what it sent and saw, with the
 * time, and asks what is due.
 */
export { SCOUTS } from './cohort';
export { TOLERANCE_MS } from './lessons';

export class LookPlan {
	private readonly cohorts = new Map<string, Cohort>();
	private readonly byId = new Map<number, Member>();
	private readonly heap = new DueHeap<Member | Cohort>((e, stamp) =>
		e instanceof Cohort ? e.stamp === stamp && e.pending > 0 : current(e, stamp),
	);
	private readonly budget = new LoopBudget();
	private endsSeen = 0;
	/** when a look first found one of the batch's jobs ended */
	private firstEndAt = Infinity;
	/** jobs whose last look found them queued, and whether any ever was */
	private queuedNow = 0;
	private queueSeen = false;
	/** when the close watch of the last jobs began (-Infinity: not yet) */
	private closeFrom = -Infinity;
	/** the latest time the batch told the plan */
	private clock = -Infinity;

	/** A job to watch from `createdAt`; `capMs` is the longest gap its user allows. */
	add(id: number, key: string, createdAt: number, o: MemberOptions = {}): void {
		let c = this.cohorts.get(key);
		if (!c) {
			c = new Cohort(key);
			this.cohorts.set(key, c);
		}
		const m = newMember(id, c, createdAt, o);
		this.byId.set(id, m);
		this.clock = Math.max(this.clock, createdAt);
		this.budget.added(createdAt);
		c.add(m);
		// a second job makes a cohort that ends together: its turns start
		if (c.firstPending === 2 && c.together) {
			this.startTurns(c, createdAt + gapMs(0, o.capMs) / SCOUTS);
			this.rescheduleCohort(c);
		} else this.schedule(m);
		this.lastFewClose();
	}

	has(id: number): boolean {
		return this.byId.has(id);
	}

	get size(): number {
		return this.byId.size;
	}

	/**
	 * The jobs to look at now; each is marked as being looked at until `seen`, `seenQueued` or
	 * `remove`. Safety-net looks come last (`routine`): they can wait behind the others.
	 */
	due(now: number): Array<{ id: number; routine: boolean }> {
		const out: Member[] = [];
		const noRoom: Member[] = [];
		this.clock = Math.max(this.clock, now);
		for (const e of this.heap.popUntil(now + TOLERANCE_MS)) {
			if (e instanceof Cohort) this.turn(e, now, out);
			else if (e.close && !e.now && this.roomAt(now, out.length, e.keep, e) > now) noRoom.push(e);
			else out.push(e);
		}
		// a close look the batch has no room for any more: the job's own pace instead
		for (const m of noRoom) {
			const at = this.nextFor(m, false).at;
			if (at <= now + TOLERANCE_MS) out.push(m);
			else this.heap.push(m, at, ++m.stamp);
		}
		this.budget.looked(out.length);
		for (const m of out) {
			// every look counts toward its job's pace (rules.ts), its cohort's turns included
			m.looks++;
			m.busy = true;
			m.now = false;
			if (now + TOLERANCE_MS >= m.deadline) m.pastDeadline = true;
			m.lastAt = now;
		}
		return out.map((m) => ({ id: m.id, routine: m.routine }));
	}

	/** When something is next due (Infinity: nothing to watch). */
	wakeAt(): number {
		return this.heap.peek();
	}

	/**
	 * What a look at job `id` found, at time `at`: still running, or ended. A job that ended
	 * leaves the plan, and its cohort learns from it (lessons.ts).
	 */
	seen(id: number, at: number, ended: boolean): void {
		const m = this.answered(id, at);
		if (!m) return;
		const c = m.cohort;
		const { wasQueued, startedFirst } = learnStarted(c, m, at);
		const probeEnded = m.probe && this.probeAnswered(c, m, ended);
		if (wasQueued) this.queueChanged(-1);
		// a queued job started: capacity freed, maybe by an unseen end of one that started first
		if (wasQueued) this.lookAtFirst(c, m.startLo);
		// a queueing cohort's first jobs are found running: its scouts may take their turns
		if (startedFirst && c.tickAt === Infinity && c.together) this.startTurns(c, at);
		if (!ended) {
			if (learnRunning(c, m)) return this.rescheduleCohort(c);
			return this.schedule(m);
		}
		this.endsSeen++;
		this.firstEndAt = Math.min(this.firstEndAt, at);
		const known = c.expectRunMs < Infinity;
		const siblingsDue = learnEnded(c, m, at);
		if (!known && c.expectRunMs < Infinity) this.sendProbes(c, m);
		// the look that found it ended was sent at `lastAt`
		this.drop(m, m.lastAt);
		this.shareEnd(m);
		if ((siblingsDue || probeEnded) && c.pending) this.rescheduleCohort(c);
	}

	/** A look at job `id` found it queued at `at`: it has not started, and its service queues. */
	seenQueued(id: number, at: number): void {
		const m = this.answered(id, at);
		if (!m) return;
		const c = m.cohort;
		const first = !c.queues;
		const together = c.together;
		if (m.queuedAt === undefined) this.queueChanged(+1);
		c.queued(m, at, m.lastAt);
		if (first || together !== c.together) this.rescheduleCohort(c);
		else this.schedule(m);
	}

	/** Stops watching a job (ended, failed, or no longer of interest). */
	remove(id: number): void {
		const m = this.byId.get(id);
		if (m) this.drop(m);
	}

	/** Stops watching `m`; `endedBy`: a look sent then found it ended. */
	private drop(m: Member, endedBy?: number): void {
		this.byId.delete(m.id);
		if (m.queuedAt !== undefined) this.queueChanged(-1);
		const ranUntil = loopSawUntil(m, endedBy);
		this.budget.removed(m.createdAt, ranUntil, this.clock, lastJobCreditUntil(m, endedBy));
		const c = m.cohort;
		// kept with no job left, too: what it learnt serves a later wave of like jobs (rules.ts)
		c.remove(m);
		// a cohort left with one job that started with it: watched on its own from now on
		if (c.firstPending === 1 && !m.queuedOnce) this.rescheduleCohort(c);
		this.lastFewClose();
	}

	private answered(id: number, at: number): Member | undefined {
		this.clock = Math.max(this.clock, at);
		const m = this.byId.get(id);
		return m && Object.assign(m, { busy: false });
	}

	/**
	 * The first end of a cohort's jobs that started together says when the others should be done.
	 * PROBES of them, the oldest, are looked at then; the rest are, too, only if one of those was
	 * found ended (probeAnswered): jobs whose run times spread widely are spared a look each.
	 */
	private sendProbes(c: Cohort, ended: Member) {
		let sent = 0;
		for (const s of c.first()) {
			if (sent >= PROBES) break;
			// a job looked at since it ran as long says nothing new: the probe must be due now
			if (s === ended || s.busy || s.lastAt >= s.createdAt + c.expectRunMs) continue;
			s.probe = true;
			sent++;
			this.schedule(s);
		}
		// none left to probe: every sibling is due, as when a probe is found ended
		if (!sent) c.probeEnded = true;
	}

	/** A probe came back; returns whether it is the first found ended. */
	private probeAnswered(c: Cohort, m: Member, ended: boolean): boolean {
		m.probe = false;
		if (!ended || c.probeEnded) return false;
		return (c.probeEnded = true);
	}

	/** Looks at once at the jobs that started first and were last looked at before `since`. */
	private lookAtFirst(c: Cohort, since: number) {
		for (const s of c.first()) {
			if (!s.ranEarly || s.busy || s.lastAt >= since) continue;
			s.now = true;
			this.schedule(s);
		}
	}

	private startTurns(c: Cohort, at: number) {
		this.heap.push(c, (c.tickAt = at), ++c.stamp);
	}

	/** The cohort's turn: its next job is looked at, as far as the batch has room (budget.ts). */
	private turn(c: Cohort, now: number, out: Member[]) {
		const room = this.budget.roomAt(now, out.length);
		const next = room > now ? Math.min(room, now + LOOP_GAP_MS) : scoutTurn(c, now, out);
		if (next < Infinity) this.startTurns(c, next);
		else c.tickAt = Infinity;
	}

	private schedule(m: Member) {
		if (m.busy || m.gone) return;
		const next = this.nextFor(m, true);
		this.heap.push(m, next.at, ++m.stamp);
	}

	/**
	 * From when the batch has room for a look (budget.ts), `taking` being on their way out; a look
	 * of room to spare leaves the reserve of the last jobs (the last wave of a service that queues,
	 * or the last jobs of one whose ends come slowly), a quick look at the very last job leaves
	 * the last job's reserve (rules.ts), and a look where a queued job's end is likely
	 * WINDOW_RESERVE (queueing.ts).
	 */
	private roomAt(now: number, taking: number, keep: Keep, m: Member): number {
		let kept = 0;
		if (keep === 'lastWave') kept = this.lastJobsReserve();
		else if (keep === 'lastJob') kept = lastJobReserve(m, now);
		else if (keep === 'window') kept = WINDOW_RESERVE;
		return this.budget.roomAt(now, taking + kept);
	}

	/**
	 * What room to spare leaves for the close watch of the last jobs (rules.ts): CLOSE_RESERVE on a
	 * service that queues; on one that does not, SPREAD_RESERVE while the batch's ends come slowly,
	 * the last of them more than SPREAD_HORIZON_MS off at the pace they came since the first.
	 */
	private lastJobsReserve(): number {
		if (this.queueSeen) return CLOSE_RESERVE;
		if (!this.endsSeen) return 0;
		const slow = (this.clock - this.firstEndAt) * this.size >= SPREAD_HORIZON_MS * this.endsSeen;
		return slow ? SPREAD_RESERVE : 0;
	}

	/** When `m` is next due, with the batch's room as it is now, or as if it had none. */
	private nextFor(m: Member, withRoom: boolean) {
		const drained = this.queueSeen && !this.queuedNow;
		const roomAt = withRoom ? this.budget.roomAt(this.clock, 0) : Infinity;
		// without a reserve to keep, room to spare is the room itself
		const kept = withRoom ? this.lastJobsReserve() : 0;
		const spareAt = kept ? this.budget.roomAt(this.clock, kept) : roomAt;
		const windowAt = withRoom ? this.budget.roomAt(this.clock, WINDOW_RESERVE) : Infinity;
		const quickAt =
			withRoom && this.size === 1 ? this.roomAt(this.clock, 0, 'lastJob', m) : Infinity;
		const batch = {
			pending: this.size,
			endsSeen: this.endsSeen,
			drained,
			roomAt,
			spareAt,
			quickAt,
			windowAt,
			closeFrom: this.closeFrom,
		};
		const next = nextLook(m, batch);
		m.routine = next.routine;
		m.close = next.close;
		m.keep = next.keep;
		return next;
	}

	private rescheduleCohort(c: Cohort) {
		for (const m of c.watched()) this.schedule(m);
	}

	/** Once a batch is down to its last jobs, they are watched closely (rules.ts). */
	private lastFewClose() {
		if (this.size > CLOSE_WATCH || !this.endsSeen) return;
		this.beginClose();
		for (const m of this.byId.values()) this.schedule(m);
	}

	/** The close watch begins: its jobs' looks are spread over its gap, oldest first. */
	private beginClose() {
		if (this.closeFrom > -Infinity) return;
		this.closeFrom = this.clock;
		const jobs = [...this.byId.values()].sort((a, b) => a.createdAt - b.createdAt);
		jobs.forEach((m, k) => (m.phase = k / jobs.length));
	}

	/**
	 * One of the last jobs was seen ended: the others that may have started with it are looked at
	 * at once, since an end they share is seen first by one of them.
	 */
	private shareEnd(m: Member) {
		if (this.closeFrom === -Infinity) return;
		const startedBy = m.startHi ?? m.lastAt;
		let taking = 0;
		for (const s of this.byId.values()) {
			if (s === m || s.busy || s.cohort !== m.cohort || s.queuedAt !== undefined) continue;
			if (s.startLo > startedBy || s.lastAt >= m.lastAt) continue;
			// only as far as the batch has room for them (budget.ts)
			if (this.budget.roomAt(this.clock, taking) > this.clock) return;
			taking++;
			s.now = true;
			this.schedule(s);
		}
	}

	/** A job joined or left the queue; the last wave is watched closely once it is empty. */
	private queueChanged(by: number) {
		this.queuedNow += by;
		this.queueSeen = true;
		if (!this.queuedNow && this.endsSeen && this.size <= LAST_WAVE) {
			this.beginClose();
			for (const m of this.byId.values()) this.schedule(m);
		}
	}
}

/**
 * The looks of room a quick look at the very last job `m` must leave (rules.ts): LAST_JOB_RESERVE,
 * or, once its cohort has shown how long its jobs run, only what the close watch needs until `m`
 * has run LAST_RUN_MARGIN times the longest of those runs, and at least LAST_JOB_MIN_RESERVE.
 */
function lastJobReserve(m: Member, now: number): number {
	const c = m.cohort;
	if (!c.runsSeen) return LAST_JOB_RESERVE;
	const endBy = (m.startHi ?? m.startLo) + c.longestRunMs * LAST_RUN_MARGIN;
	const needed = Math.ceil((endBy - now) / FINE_MIN_GAP_MS);
	return Math.min(LAST_JOB_RESERVE, Math.max(LAST_JOB_MIN_RESERVE, needed));
}

function current(m: Member, stamp: number): boolean {
	return m.stamp === stamp && !m.gone && !m.busy;
}
