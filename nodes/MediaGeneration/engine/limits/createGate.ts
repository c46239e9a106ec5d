import { hasSlots, type JobKind } from '../../contract/jobs';
import { askedWaitMs, backoffMs } from '../../transport/retry';
import { RETRY_POLICY } from '../../transport/retryPolicy';
import { JOB_KINDS } from '../jobs/jobKinds';

/** How long creates wait after the `busyTries`-th 429 in a row, by our own schedule. */
export function busyDelayMs(busyTries: number): number {
	return backoffMs(busyTries, RETRY_POLICY.busyBackoff);
}

/**
 * How long creates wait after the `busyTries`-th 429 in a row: the service's Retry-After when it
 * lies within our own schedule's bounds (`asked`), else our own step (see askedWaitMs).
 */
export function busyWait(
	busyTries: number,
	retryAfter: string | undefined,
	now: number,
): { ms: number; asked: boolean } {
	const asked = askedWaitMs(busyTries, retryAfter, now, RETRY_POLICY.busyBackoff);
	return { ms: asked ?? busyDelayMs(busyTries), asked: asked !== undefined };
}

type Backing = {
	/** no create before this (a 429's wait) */
	busyUntil: number;
	/** the part of that wait the service asked for with Retry-After: always honoured */
	askedUntil: number;
	/** creates answered 429 in a row: while any, one create at a time probes for a slot */
	busyTries: number;
};

/**
 * When a create may be sent, for the kinds of job the service runs only a few of at once (audio:
 * 5 per workspace, more answer 429). Such a create goes while the batch's own jobs of that kind
 * leave a slot free and no 429 is being waited out. After a 429 it waits (Retry-After within
 * bounds, else RETRY_POLICY.busyBackoff) and then one create at a time probes for a slot; a slot of
 * our own that frees ends the wait early, except for what Retry-After asked. Kinds the service
 * queues itself always may go.
 *
 * Pure: the batch tells it what was sent, created, refused and freed, with the time.
 */
export class CreateGate {
	private readonly backing = new Map<JobKind, Backing>();

	private of(kind: JobKind): Backing {
		let b = this.backing.get(kind);
		if (!b) this.backing.set(kind, (b = { busyUntil: 0, askedUntil: 0, busyTries: 0 }));
		return b;
	}

	/** How many more creates of `kind` may be in flight beside the `inFlight` ones. */
	free(kind: JobKind, inFlight: number): number {
		return hasSlots(kind) ? JOB_KINDS[kind].slots - inFlight : Infinity;
	}

	/** Whether a create of `kind` may be sent at `now`; `probing`: one of that kind is on its way. */
	mayGo(kind: JobKind, now: number, probing: boolean): boolean {
		if (!hasSlots(kind)) return true;
		const b = this.of(kind);
		if (now < b.busyUntil) return false;
		return b.busyTries === 0 || !probing;
	}

	/** Stamps a create as it is sent: hand the stamp back to `refused`. */
	sent(kind: JobKind): number {
		return this.of(kind).busyTries;
	}

	/** A create was taken: slots are free again as far as the service is concerned. */
	created(kind: JobKind): void {
		this.of(kind).busyTries = 0;
	}

	/**
	 * A create sent with `stamp` was refused with 429 at `now`. Creates sent together and refused
	 * together count as one refusal.
	 */
	refused(kind: JobKind, stamp: number, retryAfter: string | undefined, now: number): void {
		const b = this.of(kind);
		b.busyTries = Math.max(b.busyTries, stamp + 1);
		const wait = busyWait(b.busyTries, retryAfter, now);
		b.busyUntil = Math.max(b.busyUntil, now + wait.ms);
		if (wait.asked) b.askedUntil = b.busyUntil;
	}

	/** One of our own jobs of `kind` ended: its slot is free, so stop backing off but keep a Retry-After. */
	slotFreed(kind: JobKind): void {
		if (!hasSlots(kind)) return;
		const b = this.of(kind);
		b.busyUntil = b.askedUntil;
	}

	/** When a create of `kind` that has a free slot may next go (now or later). */
	openAt(kind: JobKind, now: number): number {
		return Math.max(this.of(kind).busyUntil, now);
	}
}
