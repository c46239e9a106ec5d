import { sleep } from 'n8n-workflow';

import { oncePerRun } from './perRun';
import { retryWaitMs } from './retry';
import type { SsrfRefusal } from './ssrf';

/** What a refused try got back, kept for the requests that give up without a try of their own. */
export type Refusal = {
	status?: number;
	networkCode?: string;
	ssrf?: SsrfRefusal;
	body?: unknown;
	retryAfter?: string;
};

/** Handed out with each try: when it went, and whether it was the one try of a backing-off kind. */
export type Ticket = { streak: number; probe: boolean };

/** What a waiting request is allowed: `limit` refusals of its kind in a row, or to wait `until`. */
export type Patience = { notBefore: number; limit: number; until?: number; signal?: AbortSignal };

/**
 * How one kind of request of a run (creates of images, reads of video jobs, …) backs off as a
 * whole. Every request also waits after its own failures (retry.ts), but a batch sends many at
 * once: 64 reads each waiting on its own would still send 64 requests a round into an outage.
 * So after a refusal (a 429, a 5xx, no answer) the kind sends one request at a time, a probe,
 * none before the back-off has passed, the wait growing with each refusal in a row; the first
 * answer that is not a refusal lets every waiting request go at once. Refusals of requests sent
 * together count once, so that a batch's first round does not jump to the longest wait.
 *
 * One per kind and node run, kept with the run's other values (see perRun.ts).
 */
export class Pace {
	/** refusals in a row (0: the service answers, requests go as they come) */
	streak = 0;
	/** what the last refusal said */
	last?: Refusal;
	private openAt = 0;
	private probeOut = false;
	private readonly sleepers = new Set<() => void>();

	constructor(private readonly random: () => number = Math.random) {}

	/** A ticket to send at `now`, or how long to wait before asking again (Infinity: an answer). */
	admit(now: number, notBefore = 0): Ticket | { waitMs: number } {
		if (now < notBefore) return { waitMs: notBefore - now };
		if (this.streak === 0) return { streak: 0, probe: false };
		if (this.probeOut) return { waitMs: Infinity };
		if (now < this.openAt) return { waitMs: this.openAt - now };
		this.probeOut = true;
		return { streak: this.streak, probe: true };
	}

	/**
	 * Whether a waiting request should stop and report the last refusal: its `until` has come, or
	 * its kind has been refused `limit` times in a row and is still backing off. So under lasting
	 * refusals the waiting requests of a batch fail together, at once, rather than each spending
	 * the longest wait on a try of its own; once that wait is over, one request tries again.
	 */
	givesUp(now: number, p: Pick<Patience, 'limit' | 'until'>): boolean {
		if (this.streak === 0) return false;
		if (p.until !== undefined) return now >= p.until;
		return this.streak >= p.limit && now < this.openAt;
	}

	/**
	 * A try sent with `ticket` was refused at `now`, its own `tries`-th refusal in a row. Returns
	 * when it may be sent again: the longer of its own and its kind's back-off (see retryWaitMs).
	 */
	refused(ticket: Ticket, refusal: Refusal, now: number, tries: number): number {
		this.streak = Math.max(this.streak, ticket.streak + 1);
		this.last = refusal;
		const inARow = Math.max(tries, this.streak);
		const at = now + retryWaitMs(inARow, refusal.retryAfter, now, undefined, this.random);
		this.openAt = Math.max(this.openAt, at);
		return at;
	}

	/** Any answer that is not a refusal: the kind is taken again. */
	answered(): void {
		this.streak = 0;
	}

	/** The try of `ticket` is over, whatever came of it: the next one may go. */
	release(ticket: Ticket): void {
		if (ticket.probe) this.probeOut = false;
		for (const wake of [...this.sleepers]) wake();
	}

	/**
	 * Waits for this request's turn. Undefined when it should give up instead (see givesUp).
	 * Rejects when `signal` aborts.
	 */
	async turn(p: Patience): Promise<Ticket | undefined> {
		// no request waits past `until`: there it goes if its kind is answered again, or gives up
		const notBefore = Math.min(p.notBefore, p.until ?? Infinity);
		for (;;) {
			const now = Date.now();
			if (this.givesUp(now, p)) return undefined;
			const admitted = this.admit(now, notBefore);
			if (!('waitMs' in admitted)) return admitted;
			const untilLeft = p.until !== undefined ? Math.max(0, p.until - now) : Infinity;
			await this.nap(Math.min(admitted.waitMs, untilLeft, 60_000), p.signal);
		}
	}

	/** Sleeps for `ms` at most; wakes early when a try of this kind ends. */
	private async nap(ms: number, signal?: AbortSignal): Promise<void> {
		signal?.throwIfAborted();
		const timer = new AbortController();
		await new Promise<void>((resolve) => {
			const wake = () => {
				this.sleepers.delete(wake);
				signal?.removeEventListener('abort', wake);
				timer.abort();
				resolve();
			};
			this.sleepers.add(wake);
			signal?.addEventListener('abort', wake, { once: true });
			sleep(ms, timer.signal).then(wake, wake);
		});
		signal?.throwIfAborted();
	}
}

/** The pace of one kind of request in this run. */
export async function paceOf(ctx: object, kind: string): Promise<Pace> {
	return await oncePerRun(ctx, `pace ${kind}`, () => Promise.resolve(new Pace()));
}
