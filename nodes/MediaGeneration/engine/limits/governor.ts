/**
 * How many requests the node has in flight at once, adapted to how the service answers.
 *
 * Over a real network the number of requests in flight sets the pace of a batch (200 creates at
 * 150 ms each take 7.5 s four at a time, half a second fifty at a time). So the limit starts
 * modest and grows while answers come back clean and about as fast as the fastest seen (the
 * service keeps up): by one per answer at first (doubling every round trip), and once answers
 * have slowed down or been refused, by one for every `limit` answers. It holds while answers are
 * slow, and halves on a 429, a 5xx or a network error (the service or the path is struggling).
 * It never exceeds its maximum.
 *
 * It starts at 16, a third of what n8n's own HTTP Request node had in flight with the bench's 200
 * items (51: it sends a node's items with no limit). From 8, those 200 creates, answered 150 ms
 * late, took six round trips (8, 16, 32, 64, 64, 16), the last answered 1.7 s into the node's
 * run; from 16 they take five, the last answered 0.2 s sooner, and the node's time fell from
 * 22.2 and 22.3 s to 22.2 and 22.0 s (`npm run bench -- --case f --repeat 2`, 2026-11-28).
 */
export const API_LIMITS = { start: 16, min: 1, max: 64 };
export const DOWNLOAD_LIMITS = { start: 8, min: 1, max: 32 };
/**
 * Result videos may be 100 MB each: one at a time while a single transfer is fast, up to four
 * when single transfers are slow (see engine/limits/transfers.ts). n8n's database and S3 binary modes
 * (queue mode) hold a file in memory while storing it, so four is also the most held at once.
 */
export const VIDEO_DOWNLOAD_LIMITS = { start: 1, min: 1, max: 4 };
/** The most requests the node ever has in flight at once: API calls plus file downloads. */
export const MAX_IN_FLIGHT = API_LIMITS.max + DOWNLOAD_LIMITS.max + VIDEO_DOWNLOAD_LIMITS.max;

export type Outcome = 'ok' | 'congested';
export type Limits = { start: number; min: number; max: number };
export type GovernorState = {
	limit: number;
	credit: number;
	fastestMs: number;
	/** no answer has been slow or refused yet: grow by one per answer */
	rising: boolean;
};

/** An answer is "fast" when it takes at most twice the fastest seen, plus 50 ms of jitter. */
export function isFast(latencyMs: number, fastestMs: number): boolean {
	return latencyMs <= 2 * fastestMs + 50;
}

/** The next state after one answer (pure: the whole policy). */
export function nextState(
	s: GovernorState,
	outcome: Outcome,
	latencyMs: number,
	limits: Limits,
): GovernorState {
	const fastestMs = outcome === 'ok' ? Math.min(s.fastestMs, latencyMs) : s.fastestMs;
	if (outcome === 'congested') {
		const limit = Math.max(limits.min, Math.floor(s.limit / 2));
		return { limit, credit: 0, fastestMs, rising: false };
	}
	if (!isFast(latencyMs, fastestMs)) return { ...s, fastestMs, rising: false };
	const credit = s.credit + 1;
	if (!s.rising && credit < s.limit) return { ...s, credit, fastestMs };
	return { limit: Math.min(limits.max, s.limit + 1), credit: 0, fastestMs, rising: s.rising };
}

/**
 * A semaphore whose size its owner sets (`limit`). A slot is taken at once when one is free and
 * nobody waits, or handed over by a finishing task before the next one resumes; tasks that can
 * wait start only when no other task is queued.
 */
export abstract class Slots {
	/**
	 * Hands n8n's event loop back before a task starts (its slot taken) once the work has run
	 * 10 ms without a break, and for as long as the loop's turns are busy (limits/breather.ts).
	 * With thousands of jobs, handling the answers in flight fills every turn of the loop: new
	 * requests then wait a few turns, and another execution or the editor gets turns of its own.
	 */
	breather?: { breathe(): Promise<void> };
	private active = 0;
	private readonly queue = new Line();
	/** tasks that can wait: they start only when no other task is queued */
	private readonly later = new Line();
	/** the most tasks that ever ran at once */
	peak = 0;

	abstract get limit(): number;

	protected async acquire(canWait = false): Promise<void> {
		const queued = this.queue.size + this.later.size;
		if (this.active < this.limit && !queued) this.active++;
		else await new Promise<void>((resolve) => (canWait ? this.later : this.queue).push(resolve));
		this.peak = Math.max(this.peak, this.active);
		await this.breather?.breathe();
	}

	protected release(): void {
		this.active--;
		while ((this.queue.size || this.later.size) && this.active < this.limit) {
			this.active++;
			(this.queue.shift() ?? this.later.shift())!();
		}
	}
}

/** First in, first out, without moving every waiting task each time one leaves. */
class Line {
	private items: Array<() => void> = [];
	private head = 0;

	get size(): number {
		return this.items.length - this.head;
	}

	push(item: () => void): void {
		this.items.push(item);
	}

	shift(): (() => void) | undefined {
		if (!this.size) return undefined;
		const item = this.items[this.head++];
		if (this.head > 1024 && this.head * 2 > this.items.length) {
			this.items = this.items.slice(this.head);
			this.head = 0;
		}
		return item;
	}
}

/** Slots whose size follows nextState, fed with each task's outcome. */
export class Governor extends Slots {
	private state: GovernorState;

	constructor(private readonly limits: Limits) {
		super();
		this.state = { limit: limits.start, credit: 0, fastestMs: Infinity, rising: true };
	}

	get limit(): number {
		return this.state.limit;
	}

	/**
	 * Runs `task` when a slot is free. `judge` tells from its result whether the service kept up
	 * (tasks hand back the error they met rather than throwing, so that it can be judged). A task
	 * that `canWait` lets every other queued task go first.
	 */
	async run<R>(
		task: () => Promise<R>,
		judge: (result: R) => Outcome = () => 'ok',
		canWait = false,
	): Promise<R> {
		await this.acquire(canWait);
		const started = Date.now();
		try {
			const result = await task();
			this.state = nextState(this.state, judge(result), Date.now() - started, this.limits);
			return result;
		} finally {
			this.release();
		}
	}
}

/** A 429, a 5xx or a network error says the service or the path is struggling; a 4xx does not. */
export function outcomeOf(error: unknown): Outcome {
	if (!error) return 'ok';
	const e = error as { httpCode?: string | null; name?: string };
	if (e.name !== 'NodeApiError') return 'ok';
	const status = Number(e.httpCode);
	return !status || status === 429 || status >= 500 ? 'congested' : 'ok';
}
