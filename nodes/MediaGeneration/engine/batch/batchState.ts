import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { hasSlots, type JobKind, type JobState } from '../../contract/jobs';
import { Breather } from '../limits/breather';
import { API_LIMITS, DOWNLOAD_LIMITS, Governor, VIDEO_DOWNLOAD_LIMITS } from '../limits/governor';
import { compact } from '../jobs/jobOutput';
import { PollPlan } from '../plan/pollPlan';
import { BatchProgress } from '../progress/batchProgress';
import { TransferSlots } from '../limits/transfers';
import { boundedBy, type JobRequest } from '../jobs/types';
import { priorTriesOf } from './nodeMemory';
import type { PriorTries } from './priorTries';
import { WaitingLine } from './waitingLine';

/** One input item's job, as the batch follows it. */
export type Entry = {
	/** position in the batch, which is where its result goes */
	pos: number;
	itemIndex: number;
	req: JobRequest;
	/** waiting: not created yet (waiting for a slot); running: created, not seen ended */
	phase: 'waiting' | 'creating' | 'running' | 'finishing' | 'done';
	jobId?: string;
	estimatedCredits?: number;
	/** when the service took its create request (ms) */
	createdAt?: number;
	deadline: number;
	/** the item's output was decided when the job was created (Wait for Completion off) */
	answered: boolean;
	/** what the last poll of the job saw */
	state?: JobState;
	/** the create gate's stamp when this create was sent */
	sentStamp?: number;
};

export type ItemResult = INodeExecutionData[] | Error;

/**
 * What a batch of jobs shares: its entries and their results, the poll plan, the request
 * slots, and how it stops. An item's fate is settled here (a result, or a failure that ends the
 * batch without Continue On Fail).
 */
export class BatchState {
	readonly entries: Entry[];
	/** entries whose create has not gone out yet */
	readonly waiting = new WaitingLine<Entry>();
	readonly results: Array<ItemResult | undefined>;
	readonly plan = new PollPlan();
	/** API calls (creates and job reads) and file downloads, each with its own adaptive limit */
	readonly api = new Governor(API_LIMITS);
	readonly downloads = new Governor(DOWNLOAD_LIMITS);
	readonly videoDownloads = new TransferSlots(VIDEO_DOWNLOAD_LIMITS);
	readonly inflight = new Set<Promise<void>>();
	readonly finishing: Array<Promise<void>> = [];
	/** wakes the loop's pause when a request in flight comes back */
	ring?: () => void;
	private readonly stop = new AbortController();
	readonly signal: AbortSignal;
	fatal?: { error: Error; entry: Entry };
	/** what earlier tries of this node run created (Retry On Fail) */
	readonly prior: PriorTries;
	/** the jobs told to a streaming run's chat or webhook as they go; none in other runs */
	readonly progress?: BatchProgress;

	constructor(
		readonly ctx: IExecuteFunctions,
		requests: Array<{ itemIndex: number; req: JobRequest }>,
		private readonly continueOnFail: boolean,
	) {
		// one breather for all the request slots, so that the batch pauses as one
		const breather = new Breather();
		for (const slots of [this.api, this.downloads, this.videoDownloads]) slots.breather = breather;
		const now = Date.now();
		this.entries = requests.map(({ itemIndex, req }, pos) => ({
			pos,
			itemIndex,
			req,
			phase: req.create ? 'waiting' : 'running',
			jobId: req.jobId,
			deadline: boundedBy(req.settings, (req.check?.since ?? now) + req.settings.maxWaitMs),
			answered: false,
		}));
		for (const e of this.entries) if (e.phase === 'waiting') this.waiting.add(e);
		this.results = new Array<ItemResult | undefined>(requests.length);
		this.prior = priorTriesOf(ctx);
		this.progress = BatchProgress.open(ctx, this.entries);
		const cancel = ctx.getExecutionCancelSignal();
		this.signal = cancel ? AbortSignal.any([cancel, this.stop.signal]) : this.stop.signal;
	}

	/** Whether nothing more may be started: cancelled, or an item failed without Continue On Fail. */
	get stopping(): boolean {
		return Boolean(this.fatal) || this.signal.aborted;
	}

	/** Ends everything still in flight (the node is returning). */
	halt(): void {
		this.stop.abort();
	}

	/** Runs `task` in the background, so that the loop can go on planning while it is in flight. */
	track(task: Promise<unknown>): void {
		const done: Promise<void> = task.then(
			() => this.settled(done),
			() => this.settled(done),
		);
		this.inflight.add(done);
	}

	private settled(done: Promise<void>) {
		this.inflight.delete(done);
		this.ring?.();
	}

	/** `e` waits for its create again (a slot refused, or the batch stopping before it went). */
	toWaiting(e: Entry): void {
		if (e.phase !== 'waiting') this.waiting.add(e);
		e.phase = 'waiting';
	}

	/** `e`'s create goes out. */
	toCreating(e: Entry): void {
		this.waiting.remove(e);
		e.phase = 'creating';
	}

	/** The item fails: an error item with Continue On Fail, else the end of the batch. */
	fail(entry: Entry, error: unknown): void {
		if (entry.phase === 'waiting') this.waiting.remove(entry);
		entry.phase = 'done';
		this.plan.remove(entry.pos);
		const err = error instanceof Error ? error : new Error(String(error));
		const context = (err as { context?: IDataObject }).context;
		if (context && entry.jobId) context.jobId ??= entry.jobId;
		if (!this.signal.aborted) this.progress?.failed(entry, err);
		if (this.continueOnFail) {
			this.results[entry.pos] = err;
		} else if (!this.fatal) {
			this.fatal = { error: err, entry };
			this.stop.abort();
		}
	}

	/** The fields of every output item of this job. */
	json(e: Entry, status: JobState): IDataObject {
		const json = compact({
			job_id: e.jobId,
			status,
			...e.req.json,
			estimated_credits: e.estimatedCredits ?? e.req.json.estimated_credits,
		});
		// a bounded answer (a tool's) says when its job was made, for the later check
		if (e.req.settings.answerBy !== undefined && e.createdAt !== undefined)
			json.created_at = new Date(e.createdAt).toISOString();
		return json;
	}

	/** Jobs this batch created (all but `except`'s). */
	startedJobs(except?: Entry): Array<{ itemIndex: number; jobId: string }> {
		return this.entries
			.filter((e) => e !== except && e.jobId && e.req.create)
			.map((e) => ({ itemIndex: e.itemIndex, jobId: e.jobId! }));
	}

	/**
	 * Jobs of `kind` this batch has on the service that hold a slot (being created or watched).
	 * Only kinds with slots ask (audio: a few at once), so going through the batch costs little.
	 */
	inFlight(kind: JobKind): number {
		return this.entries.filter(
			(e) =>
				e.req.kind === kind &&
				e.req.create &&
				(e.phase === 'creating' ||
					(e.phase === 'running' && (!e.answered || this.plan.has(e.pos)))),
		).length;
	}

	/** Wait off: a job is still watched while others of its kind wait for its slot. */
	watchedForSlot(e: Entry): boolean {
		return hasSlots(e.req.kind) && this.waiting.of(e.req.kind) > 0;
	}

	/**
	 * Wait off: once no create of `kind` waits or is on its way (`creating`), the jobs watched
	 * for their slot are let go at once rather than at their next poll, which may be as far off
	 * as the time their cohort's jobs take (plan/pollPlan.ts): their items were answered when created.
	 */
	releaseSlotWatch(kind: JobKind, creating: number): void {
		if (creating > 0 || this.waiting.of(kind) > 0) return;
		for (const e of this.entries) {
			if (e.req.kind !== kind || !e.answered || e.phase !== 'running') continue;
			if (!this.plan.has(e.pos)) continue;
			e.phase = 'done';
			this.plan.remove(e.pos);
		}
	}
}
