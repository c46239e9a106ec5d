import {
	notQueueing,
	ownNext,
	queueLook,
	queueWakeAt,
	seenInQueue,
	seenQueued,
	startsAt,
	type QueueCohort,
	type QueueFacts,
} from './queueing';
import { followerGap, gapMs, MAX_GAP_MS } from './schedule';

/**
 * Which jobs to look at, and when: the look plan of a batch.
 *
 * Jobs created with the same settings (a cohort: same kind, endpoint, model, resolution,
 * duration, number of images, script length) take about as long as each other, and the service
 * starts them in the order they came. So a batch is watched as a batch: the SCOUTS oldest
 * pending jobs of a cohort are looked at in turn, each on the full schedule (see schedule.ts), so
 * that the cohort's first finish is seen early; the others are looked at rarely (a safety net for
 * jobs that do differ), and all at once as soon as a cohort member is seen finished: those that
 * could be done by then are looked at at once, the rest when they have run as long as it did.
 *
 * A service that queues (a look saw a job `queued` after its creation) runs a few jobs at once and
 * starts the next as one ends, so a cohort ends in waves, not together. Such a cohort is watched
 * job by job instead, each on the full schedule timed from when it started rather than from its
 * creation (see queueing.ts): the oldest queued job is taken as started when a sibling is seen
 * finished (first come, first served: it takes the freed slot), and a started job is first looked
 * at after half the shortest run its cohort has shown.
 *
 * Pure: the batch tells it what it sent and saw, with the time, and asks what is due.
 */
export const SCOUTS = 2;
export { FOLLOWER_GAP_FRACTION, FOLLOWER_MIN_GAP_MS } from './schedule';
/** looks due within this much of each other go out together */
export const TOLERANCE_MS = 50;

type Member = {
	id: number;
	cohort: string;
	createdAt: number;
	capMs: number;
	deadline: number;
	/** when it was last looked at (its creation before the first look) */
	lastAt: number;
	/** next look on the follower's safety-net schedule */
	followAt: number;
	/** when a finished sibling says it should be done */
	expectAt: number;
	now: boolean;
	busy: boolean;
	pastDeadline: boolean;
} & QueueFacts;

type Cohort = { members: Member[]; tickAt: number; turn: number } & QueueCohort;

export class LookPlan {
	private readonly cohorts = new Map<string, Cohort>();
	private readonly byId = new Map<number, Member>();

	/** A job to watch from `createdAt`; `capMs` is the longest gap its user allows. */
	add(
		id: number,
		cohort: string,
		createdAt: number,
		o: { capMs?: number; deadline?: number; now?: boolean } = {},
	): void {
		const capMs = o.capMs ?? MAX_GAP_MS;
		const m: Member = {
			id,
			cohort,
			createdAt,
			capMs,
			deadline: o.deadline ?? Infinity,
			lastAt: createdAt,
			followAt: createdAt + followerGap(0, capMs),
			expectAt: Infinity,
			now: o.now ?? false,
			busy: false,
			pastDeadline: false,
			...startsAt(createdAt),
		};
		this.byId.set(id, m);
		// a cohort lives while it has members (remove() drops an empty one)
		let c = this.cohorts.get(cohort);
		if (!c) {
			c = { members: [], tickAt: createdAt + gapMs(0, capMs) / SCOUTS, turn: 0, ...notQueueing() };
			this.cohorts.set(cohort, c);
		}
		c.members.push(m);
		c.members.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
	}

	has(id: number): boolean {
		return this.byId.has(id);
	}

	get size(): number {
		return this.byId.size;
	}

	/**
	 * The jobs to look at now; each is marked as being looked at until `seen` or `remove`. Looks
	 * on the followers' safety-net schedule come last (`routine`): they can wait behind the others.
	 */
	due(now: number): Array<{ id: number; routine: boolean }> {
		const out = new Set<Member>();
		const routine = new Set<Member>();
		const soon = now + TOLERANCE_MS;
		for (const c of this.cohorts.values()) {
			if (c.queues) {
				for (const m of c.members) {
					const look = m.busy ? undefined : queueLook(m, soon);
					if (look) out.add(m);
					if (look === 'routine') routine.add(m);
				}
				continue;
			}
			const scouts = c.members.slice(0, SCOUTS);
			if (scouts.length && soon >= c.tickAt) {
				const free = scouts.filter((m) => !m.busy);
				if (free.length) out.add(free[c.turn++ % free.length]);
				const oldest = c.members[0];
				const next = c.tickAt + gapMs(c.tickAt - oldest.createdAt, oldest.capMs) / scouts.length;
				c.tickAt = Math.max(next, now);
			}
			for (const m of c.members) {
				if (m.busy || out.has(m)) continue;
				const follower = !scouts.includes(m);
				const atDeadline = !m.pastDeadline && soon >= m.deadline;
				const expected = follower && now >= m.expectAt;
				if (m.now || atDeadline || expected) out.add(m);
				else if (follower && soon >= m.followAt) {
					out.add(m);
					routine.add(m);
				}
			}
		}
		for (const m of out) {
			m.busy = true;
			m.now = false;
			if (now >= m.deadline) m.pastDeadline = true;
			m.prevAt = m.lastAt;
			m.lastAt = now;
			m.followAt = now + followerGap(now - m.createdAt, m.capMs);
			if (m.expectAt <= now) m.expectAt = Infinity;
			const c = this.cohorts.get(m.cohort);
			if (c?.queues) m.nextAt = ownNext(c, m, now);
		}
		return [...out].map((m) => ({ id: m.id, routine: routine.has(m) }));
	}

	/** When something is next due (Infinity: nothing to watch). */
	wakeAt(): number {
		let at = Infinity;
		for (const c of this.cohorts.values()) {
			if (c.queues) {
				for (const m of c.members) if (!m.busy) at = Math.min(at, queueWakeAt(m));
				continue;
			}
			const scouts = c.members.slice(0, SCOUTS);
			if (scouts.some((m) => !m.busy)) at = Math.min(at, c.tickAt);
			for (const m of c.members) {
				if (m.busy) continue;
				if (m.now) return -Infinity;
				if (!m.pastDeadline) at = Math.min(at, m.deadline);
				if (!scouts.includes(m)) at = Math.min(at, m.followAt, m.expectAt);
			}
		}
		return at;
	}

	/**
	 * What a look at job `id` found, at time `at`. A finished job leaves the plan, and its
	 * siblings learn from it: each is looked at when it has surely run as long as this one did (at
	 * once for those that have, unless a later look is known).
	 */
	seen(id: number, at: number, finished: boolean): void {
		const m = this.byId.get(id);
		if (!m) return;
		m.busy = false;
		const c = this.cohorts.get(m.cohort)!;
		if (c.queues) {
			if (finished) this.remove(id);
			return seenInQueue(c, m, at, finished);
		}
		if (!finished) return;
		// it ran at most this long (and more than one look gap less)
		const ranAtMost = at - m.createdAt;
		this.remove(id);
		for (const s of this.cohorts.get(m.cohort)?.members ?? []) {
			// by `latest` it has run as long as this one surely did: look then. That is at most one
			// look gap after it could first have ended, so it is seen within the schedule's promise.
			const latest = s.createdAt + ranAtMost;
			if (latest <= at && s.lastAt < latest) s.now = true;
			else if (latest > Math.max(s.lastAt, at)) s.expectAt = Math.min(s.expectAt, latest);
		}
	}

	/** A look at job `id` found it queued at `at`: it has not started, and its service queues. */
	seenQueued(id: number, at: number): void {
		const m = this.byId.get(id);
		if (!m) return;
		m.busy = false;
		seenQueued(this.cohorts.get(m.cohort)!, m, at);
	}

	/** Stops watching a job (ended, failed, or no longer of interest). */
	remove(id: number): void {
		const m = this.byId.get(id);
		if (!m) return;
		this.byId.delete(id);
		const c = this.cohorts.get(m.cohort);
		if (!c) return;
		c.members = c.members.filter((x) => x !== m);
		if (!c.members.length) this.cohorts.delete(m.cohort);
	}
}
