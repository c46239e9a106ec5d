import { hasSlots, type JobKind } from '../../contract/jobs';
import type { BatchState, Entry } from './batchState';
import { boundedBy } from '../jobs/types';
import { cohortKey } from '../plan/cohortKey';
import { CreateGate } from '../limits/createGate';
import { outcomeOf } from '../limits/governor';
import { unansweredCreate } from '../../transport/errors';
import { noSlotError, priorCreateUnansweredError } from '../jobs/jobErrors';
import { logCreatedJob } from '../jobs/jobLog';
import { slotRefusal, submitJob } from './submit';
import { nodeOf } from '../../transport/perRun';

/**
 * The batch's create requests: sent in input order through the API governor, as the create gate
 * lets them (kinds with slots wait for one), each new job handed to the poll plan.
 */
export class BatchCreates {
	private readonly gate = new CreateGate();
	/** creates on their way, by kind */
	private readonly creatingNow = new Map<JobKind, number>();

	constructor(private readonly b: BatchState) {}

	/**
	 * Before anything is sent: an item whose create an earlier try of this node run already sent
	 * (Retry On Fail) takes up the job it made, as if that try had carried on; an item whose
	 * earlier create got no answer fails, since its job may exist. A job seen failed, or a create
	 * the service refused, left no record: it is created again.
	 */
	takeUpPrior(): void {
		for (const e of this.b.entries) {
			if (e.phase !== 'waiting') continue;
			const prior = this.b.prior.job(e.itemIndex, e.req.create!);
			if (prior?.id) {
				logCreatedJob(this.b.ctx, e.req.kind, prior.id, e.itemIndex, 'took up');
				this.started(e, { jobId: prior.id, estimatedCredits: prior.credits }, prior.at, true);
			} else if (prior?.unanswered) {
				const got = { at: prior.at, got: prior.unanswered };
				this.b.fail(
					e,
					priorCreateUnansweredError(nodeOf(this.b.ctx), e.req.kind, e.itemIndex, got),
				);
			}
		}
	}

	/**
	 * Starts the creates that may go now, in input order, kind by kind: no more at once than the
	 * API's requests in flight allow, so that the polls of jobs already created go out between
	 * them rather than behind every create of a large batch.
	 */
	sendDue(): void {
		if (this.b.stopping) return;
		const now = Date.now();
		if (now >= this.b.waiting.firstDeadline(now)) this.failOverdue(now);
		let room = this.b.api.limit - this.creatingTotal;
		for (const kind of this.b.waiting.kinds()) {
			let free = this.free(kind);
			for (const e of this.b.waiting.first(kind, Math.min(room, free))) {
				if (room <= 0 || free <= 0 || !this.gate.mayGo(kind, now, this.creating(kind) > 0)) break;
				free--;
				room--;
				this.send(e);
			}
		}
	}

	/**
	 * When a waiting create may next go (Infinity: none waits). Creates held back for room go as
	 * soon as one in flight comes back, which wakes the loop anyway.
	 */
	wakeAt(): number {
		const now = Date.now();
		let at = this.b.waiting.firstDeadline(now);
		for (const kind of this.b.waiting.kinds()) {
			if (this.free(kind) > 0) at = Math.min(at, this.gate.openAt(kind, now));
		}
		return at;
	}

	/** Whether creates still wait for their turn. */
	get pending(): boolean {
		return this.b.waiting.size > 0;
	}

	/** One of our own jobs of `kind` ended: its slot is free. */
	slotFreed(kind: JobKind): void {
		this.gate.slotFreed(kind);
	}

	/** How many more creates of `kind` may be in flight (kinds without slots: no limit). */
	private free(kind: JobKind): number {
		return hasSlots(kind) ? this.gate.free(kind, this.b.inFlight(kind)) : Infinity;
	}

	private creating(kind: JobKind): number {
		return this.creatingNow.get(kind) ?? 0;
	}

	private get creatingTotal(): number {
		let n = 0;
		for (const count of this.creatingNow.values()) n += count;
		return n;
	}

	private send(e: Entry) {
		const kind = e.req.kind;
		this.b.toCreating(e);
		this.creatingNow.set(kind, this.creating(kind) + 1);
		e.sentStamp = this.gate.sent(kind);
		const sent = this.b.api.run(async () => {
			try {
				if (!this.b.stopping) return await this.create(e);
				this.b.toWaiting(e);
				return undefined;
			} finally {
				this.creatingNow.set(kind, this.creating(kind) - 1);
				if (hasSlots(kind)) this.b.releaseSlotWatch(kind, this.creating(kind));
			}
		}, outcomeOf);
		this.b.track(sent);
	}

	/** Items whose Maximum Wait ended before a slot let their job be created fail. */
	private failOverdue(now: number) {
		const { ctx } = this.b;
		for (const e of this.b.waiting.all()) {
			if (now < e.deadline) continue;
			const error = noSlotError(nodeOf(ctx), e.req.kind, e.req.settings.maxWaitMs, e.itemIndex);
			this.b.fail(e, error);
		}
	}

	/** Creates one job; settles the item's fate, and hands back the error it met (for the governor). */
	private async create(e: Entry): Promise<unknown> {
		const { ctx, prior } = this.b;
		const kind = e.req.kind;
		const sentAt = Date.now();
		const created = await submitJob(ctx, e.itemIndex, e.req).then(
			(job) => ({ job, error: undefined }),
			(error: unknown) => ({ job: undefined, error }),
		);
		const now = Date.now();
		if (!created.job) {
			const refusal = slotRefusal(kind, created.error);
			if (refusal) {
				this.b.toWaiting(e);
				this.gate.refused(kind, e.sentStamp ?? 0, refusal.retryAfter, now);
			} else {
				const unanswered = unansweredCreate(created.error);
				if (unanswered) prior.sent(e.itemIndex, e.req.create!, { kind, at: sentAt, unanswered });
				this.b.fail(e, created.error);
			}
			return created.error;
		}
		const { jobId, estimatedCredits } = created.job;
		prior.sent(e.itemIndex, e.req.create!, { kind, at: now, id: jobId, credits: estimatedCredits });
		this.gate.created(kind);
		this.started(e, created.job, now, false);
		return undefined;
	}

	/**
	 * The item's job exists since `createdAt` (created just now, or `takenUp` from an earlier try):
	 * its output is decided at once with Wait for Completion off, and it is handed to the poll
	 * plan. Maximum Wait counts from now: each try waits for it as long.
	 */
	private started(
		e: Entry,
		job: { jobId: string; estimatedCredits?: number },
		createdAt: number,
		takenUp: boolean,
	): void {
		const deadline = boundedBy(e.req.settings, Date.now() + e.req.settings.maxWaitMs);
		this.b.waiting.remove(e);
		Object.assign(e, job, { phase: 'running', createdAt, deadline });
		this.b.progress?.created(e, takenUp);
		if (!e.req.settings.waitForCompletion) {
			e.answered = true;
			// created_at: where a later Check counts Maximum Wait from
			const json = { ...this.b.json(e, 'queued'), created_at: new Date(createdAt).toISOString() };
			this.b.results[e.pos] = [{ json }];
			// a job is still watched while others wait for its slot
			if (!this.b.watchedForSlot(e)) return;
		}
		const { path, body } = e.req.create!;
		this.b.plan.add(e.pos, cohortKey(e.req.kind, path, body), createdAt, {
			capMs: e.req.settings.pollIntervalMs,
			deadline: e.deadline,
			// a job taken up has run a while: poll it at once
			now: takenUp,
		});
	}
}
