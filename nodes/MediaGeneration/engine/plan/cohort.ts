import type { Member } from './member';
import { gapMs } from './schedule';

/**
 * A cohort: the jobs of a batch created with the same settings (same kind, endpoint, model,
 * resolution, duration, number of images, script length; see cohortKey.ts), which take about as
 * long as each other. It keeps its jobs in the order they were created, and what it has learnt
 * from their looks (lessons.ts): whether its service queues them, whether those that started
 * together really end together, and how long they run. Pure bookkeeping: lookPlan.ts keeps it,
 * rules.ts reads it.
 */

/**
 * While a cohort is taken to end together, its jobs are looked at one at a time, in turn, on the
 * full schedule of its oldest job: SCOUT_TURNS looks per gap, each at the next job of the cohort
 * (the scout of that turn), so that an end among any of them, not only the oldest, is soon seen.
 * The first turn comes half a gap after the cohort's second job (SCOUTS).
 */
export const SCOUTS = 2;
export const SCOUT_TURNS = 2;

export class Cohort {
	/** its jobs in the order they were created; those no longer watched are left out lazily */
	private members: Member[] = [];
	private head = 0;
	private goneCount = 0;
	pending = 0;
	/** jobs still watched that were never found queued: they started when they were created */
	firstPending = 0;
	/** a look found one of its jobs queued after its creation: its service queues */
	queues = false;
	/** a job was seen still running after a sibling that started with it had ended */
	spread = false;
	/** the shortest time from creation to a seen end among its jobs that started together */
	expectRunMs = Infinity;
	/** when a look first found one of its jobs ended */
	firstEndAt = Infinity;
	/** how many of its jobs that started when they were created were seen ended */
	firstEnds = 0;
	/** the shortest and longest runs (from start to end, about) its ended jobs showed, and how many */
	shortestRunMs = Infinity;
	longestRunMs = 0;
	runsSeen = 0;
	/** the shortest time one of its ended jobs can have run: from its creation or its last look
	 * that found it queued to the look that found it ended */
	endedRunMs = Infinity;
	/** the longest time one of its jobs was seen running without having ended */
	provenRunMs = 0;
	/**
	 * one of its probes (the siblings looked at first after its first end) was found ended, or
	 * none could be sent: then all of its jobs are due when a sibling's end says they should be
	 * done (rules.ts)
	 */
	probeEnded = false;
	/** a job found queued was later found running: its queue moves */
	queueMoved = false;
	/** the scouts' next look, where the next turn starts in `members`, and the version of the
	 * scouts' entry in the heap */
	tickAt = Infinity;
	turn = 0;
	stamp = 0;

	constructor(readonly key: string) {}

	add(m: Member): void {
		let i = this.members.length;
		// creates come back about in order: the place is found from the end
		while (i > this.head && this.members[i - 1].createdAt > m.createdAt) i--;
		this.members.splice(i, 0, m);
		this.pending++;
		this.firstPending++;
	}

	/** A look sent at `sentAt` found `m` queued: it did not start with the cohort's first jobs. */
	queued(m: Member, at: number, sentAt: number): void {
		m.queuedAt = at;
		m.startLo = sentAt;
		m.startHi = undefined;
		if (!m.queuedOnce) this.firstPending--;
		m.queuedOnce = true;
		this.queues = true;
	}

	remove(m: Member): void {
		m.gone = true;
		this.pending--;
		if (!m.queuedOnce) this.firstPending--;
		this.goneCount++;
		while (this.head < this.members.length && this.members[this.head].gone) this.head++;
		if (this.goneCount > 64 && this.goneCount * 2 > this.members.length) {
			this.members = this.members.filter((x) => !x.gone);
			this.head = 0;
			this.turn = 0;
			this.goneCount = 0;
		}
	}

	/** Its jobs still watched, oldest first. */
	*watched(): Generator<Member> {
		for (let i = this.head; i < this.members.length; i++) {
			if (!this.members[i].gone) yield this.members[i];
		}
	}

	/**
	 * Whether its jobs that started when they were created (all of them, unless its service
	 * queues) are watched as a whole: two or more, taken to end together.
	 */
	get together(): boolean {
		return !this.spread && this.firstPending >= 2;
	}

	/**
	 * Whether `m` started with its cohort's first jobs: never found queued, and, when its service
	 * queues, found running before the queue could have moved.
	 */
	startedFirst(m: Member): boolean {
		return !m.queuedOnce && (!this.queues || m.ranEarly);
	}

	/**
	 * Whether `m` was created after its cohort's jobs were seen to end together (two or more of
	 * them ended, none ran on past the first end, and its service does not queue): a later wave
	 * of like jobs, such as podcasts created as slots free up. It is first looked at when it has
	 * run as long as they took (rules.ts), not by the scouts, whose turns look for an end nothing
	 * has announced yet.
	 */
	joinedLate(m: Member): boolean {
		if (this.firstEnds < 2 || this.spread || this.queues || m.queuedOnce) return false;
		return m.createdAt > this.firstEndAt;
	}

	/** Whether `m` is watched with the others that started together. */
	inGroup(m: Member): boolean {
		return this.together && this.startedFirst(m);
	}

	/**
	 * The next job that started with the others, after the last scout, that is free to be looked
	 * at (not being looked at, and not in `taken`), going round the cohort.
	 */
	nextScout(taken: ReadonlySet<Member>): Member | undefined {
		const span = this.members.length - this.head;
		for (let k = 0; k < span; k++) {
			const i = this.head + ((Math.max(0, this.turn - this.head) + k) % span);
			const m = this.members[i];
			if (m.gone || m.busy || taken.has(m) || !this.startedFirst(m) || this.joinedLate(m)) continue;
			this.turn = i + 1;
			return m;
		}
		return undefined;
	}

	/** The oldest job that started with the others: the scouts' turns follow its age. */
	oldest(): Member | undefined {
		for (const m of this.watched()) if (this.startedFirst(m)) return m;
		return undefined;
	}

	/** The jobs that started together, oldest first. */
	*first(): Generator<Member> {
		let left = this.firstPending;
		for (const m of this.watched()) {
			if (!left) return;
			if (m.queuedOnce) continue;
			left--;
			yield m;
		}
	}
}

/**
 * One turn of a cohort's scouts at `now`: its next free job is looked at (added to `out`).
 * Returns when the next turn is due (Infinity: the cohort is no longer taken to end together).
 */
export function scoutTurn(c: Cohort, now: number, out: Member[]): number {
	const oldest = c.together ? c.oldest() : undefined;
	if (!oldest) return Infinity;
	const scout = c.nextScout(new Set(out));
	if (scout) out.push(scout);
	return Math.max(now, c.tickAt + gapMs(c.tickAt - oldest.createdAt, oldest.capMs) / SCOUT_TURNS);
}
