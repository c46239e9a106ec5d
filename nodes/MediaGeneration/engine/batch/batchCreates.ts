import type { BatchState, Entry } from './batchState';
import { cohortKey } from '../plan/cohortKey';
import { CreateGate } from '../limits/createGate';
import { outcomeOf } from '../limits/governor';
import { noSlotError } from '../jobs/jobErrors';
import type { JobKind } from '../jobs/jobKinds';
import { slotRefusal, submitJob } from './submit';

/**
 * The batch's create requests: sent in input order through the API governor, as the create gate
 * lets them (kinds with slots wait for one), each new job handed to the look plan.
 */
export class BatchCreates {
	private readonly gate = new CreateGate();

	constructor(private readonly b: BatchState) {}

	/** Starts the creates that may go now. */
	sendDue(): void {
		const now = Date.now();
		const free = new Map<JobKind, number>();
		for (const e of this.b.entries) {
			if (e.phase !== 'waiting' || this.b.stopping) continue;
			if (now >= e.deadline) {
				const { ctx } = this.b;
				this.b.fail(
					e,
					noSlotError(ctx.getNode(), e.req.kind, e.req.settings.maxWaitMs, e.itemIndex),
				);
				continue;
			}
			const kind = e.req.kind;
			if (!free.has(kind)) free.set(kind, this.gate.free(kind, this.b.inFlight(kind)));
			if (free.get(kind)! <= 0 || !this.gate.mayGo(kind, now, this.probing(kind))) continue;
			free.set(kind, free.get(kind)! - 1);
			e.phase = 'creating';
			e.sentStamp = this.gate.sent(kind);
			const sent = this.b.api.run(async () => {
				if (!this.b.stopping) return await this.create(e);
				e.phase = 'waiting';
				return undefined;
			}, outcomeOf);
			this.b.track(sent);
		}
	}

	/** When a waiting create may next go (Infinity: none waits). */
	wakeAt(): number {
		const waiting = this.b.entries.filter((e) => e.phase === 'waiting');
		if (!waiting.length) return Infinity;
		const now = Date.now();
		let at = Math.min(...waiting.map((e) => e.deadline));
		for (const kind of new Set(waiting.map((e) => e.req.kind))) {
			if (this.gate.free(kind, this.b.inFlight(kind)) > 0) {
				at = Math.min(at, this.gate.openAt(kind, now));
			}
		}
		return at;
	}

	/** Whether creates still wait for their turn. */
	get pending(): boolean {
		return this.b.entries.some((e) => e.phase === 'waiting');
	}

	/** One of our own jobs of `kind` ended: its slot is free. */
	slotFreed(kind: JobKind): void {
		this.gate.slotFreed(kind);
	}

	private probing(kind: JobKind): boolean {
		return this.b.entries.some((e) => e.phase === 'creating' && e.req.kind === kind);
	}

	/** Creates one job; settles the item's fate, and hands back the error it met (for the governor). */
	private async create(e: Entry): Promise<unknown> {
		const { ctx } = this.b;
		const kind = e.req.kind;
		const created = await submitJob(ctx, e.itemIndex, e.req).then(
			(job) => ({ job, error: undefined }),
			(error: unknown) => ({ job: undefined, error }),
		);
		const now = Date.now();
		if (!created.job) {
			const refusal = slotRefusal(kind, created.error);
			if (refusal) {
				e.phase = 'waiting';
				this.gate.refused(kind, e.sentStamp ?? 0, refusal.retryAfter, now);
			} else {
				this.b.fail(e, created.error);
			}
			return created.error;
		}
		Object.assign(e, created.job, { phase: 'running', deadline: now + e.req.settings.maxWaitMs });
		this.gate.created(kind);
		if (!e.req.settings.waitForCompletion) {
			e.answered = true;
			// created_at: where a later Check counts Maximum Wait from
			const json = { ...this.b.json(e, 'queued'), created_at: new Date(now).toISOString() };
			this.b.results[e.pos] = [{ json }];
			// a job is still watched while others wait for its slot
			if (!this.b.watchedForSlot(e)) return undefined;
		}
		const { path, body } = e.req.create!;
		this.b.plan.add(e.pos, cohortKey(kind, path, body), now, {
			capMs: e.req.settings.lookIntervalMs,
			deadline: e.deadline,
		});
		return undefined;
	}
}
