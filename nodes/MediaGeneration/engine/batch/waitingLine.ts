import type { JobKind } from '../../contract/jobs';

type Waiter = { pos: number; deadline: number; req: { kind: JobKind } };

/**
 * The entries whose create has not gone out yet, by kind, in input order. The batch's loop asks
 * what may go many times a second: it reads only these, not every item of the batch, so that
 * a batch of 10,000 items costs no more per turn of the loop once its creates are out.
 */
export class WaitingLine<T extends Waiter> {
	private readonly byKind = new Map<JobKind, T[]>();
	private count = 0;
	/** no waiting entry's Maximum Wait ends before this (it may end later) */
	private earliest = Infinity;

	add(e: T): void {
		let line = this.byKind.get(e.req.kind);
		if (!line) this.byKind.set(e.req.kind, (line = []));
		line.splice(this.indexOf(line, e.pos), 0, e);
		this.count++;
		this.earliest = Math.min(this.earliest, e.deadline);
	}

	remove(e: T): void {
		const line = this.byKind.get(e.req.kind);
		const i = line ? this.indexOf(line, e.pos) : -1;
		if (!line || line[i] !== e) return;
		line.splice(i, 1);
		this.count--;
	}

	get size(): number {
		return this.count;
	}

	/** How many entries of `kind` wait. */
	of(kind: JobKind): number {
		return this.byKind.get(kind)?.length ?? 0;
	}

	/** The kinds with entries waiting. */
	kinds(): JobKind[] {
		return [...this.byKind].filter(([, line]) => line.length).map(([kind]) => kind);
	}

	/**
	 * The first `n` entries of `kind` waiting, in input order: a copy of those alone, since sending
	 * them takes them out of the line, and a turn of the batch's loop sends no more than its free
	 * request slots (at most 64), however many wait.
	 */
	first(kind: JobKind, n: number): T[] {
		return this.byKind.get(kind)?.slice(0, Math.max(0, n)) ?? [];
	}

	/** Every entry waiting, kind by kind, in input order (a copy), for the rare pass over all. */
	all(): T[] {
		return [...this.byKind.values()].flat();
	}

	/** When the first waiting entry's Maximum Wait ends (Infinity: none waits). */
	firstDeadline(now: number): number {
		if (!this.count) return Infinity;
		if (this.earliest > now) return this.earliest;
		this.earliest = Infinity;
		for (const line of this.byKind.values())
			for (const e of line) this.earliest = Math.min(this.earliest, e.deadline);
		return this.earliest;
	}

	/** Where an entry at `pos` goes in `line`: after those before it in input order. */
	private indexOf(line: T[], pos: number): number {
		let lo = 0;
		let hi = line.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (line[mid].pos < pos) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}
}
