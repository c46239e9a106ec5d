import { boundedBy, type BatchState, type Entry } from './batchState';
import { cohortKey } from '../plan/cohortKey';
import { CreateGate } from '../limits/createGate';
import { outcomeOf } from '../limits/governor';
import { unansweredCreate } from '../../transport/errors';
import { noSlotError, priorCreateUnansweredError } from '../jobs/jobErrors';
import type { JobKind } from '../jobs/jobKinds';
import { logCreatedJob } from '../jobs/jobLog';
import { slotRefusal, submitJob } from './submit';

/**
 * The batch's create requests: sent in input order through the API governor, as the create gate
 * lets them (kinds with slots wait for one), each new job handed to the look plan.
 */
export class BatchCreates {
	private readonly gate = new CreateGate();

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
					priorCreateUnansweredError(this.b.ctx.getNode(), e.req.kind, e.itemIndex, got),
				);
			}
		}
	}

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
				e.phase = 'waiting';
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
	 * its output is decided at once with Wait for Completion off, and it is handed to the look
	 * plan. Maximum Wait counts from now: each try waits for it as long.
	 */
	private started(
		e: Entry,
		job: { jobId: string; estimatedCredits?: number },
		createdAt: number,
		takenUp: boolean,
	): void {
		const deadline = boundedBy(e.req.settings, Date.now() + e.req.settings.maxWaitMs);
		Object.assign(e, job, { phase: 'running', createdAt, deadline });
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
			capMs: e.req.settings.lookIntervalMs,
			deadline: e.deadline,
			// a job taken up has run a while: look at it at once
			now: takenUp,
		});
	}
}
