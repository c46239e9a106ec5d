import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { apiRequest } from '../transport/request';
import { finishedItems } from './finish';
import { logJobsLeftRunning } from './jobLog';
import { JOB_PATH, jobState, type JobKind, type JobState } from './jobs';
import { mapLimit, Slots } from './limit';
import { compact, jobFailedError, noSlotError, notFinishedError, timeoutError } from './output';
import { busyDelayMs, nextPollAt } from './schedule';
import { busyFor, CREATE_CONCURRENCY, slotsFor, submitJob } from './submit';
import type { JobRequest } from './types';

/** Job reads sent at the same time, and result files fetched at the same time. */
export const POLL_CONCURRENCY = 6;
export const DOWNLOAD_CONCURRENCY = 4;
/** Jobs due within this much of each other are polled in the same round. */
const ROUND_TOLERANCE_MS = 100;

type Entry = {
	/** position in the batch, which is where its result goes */
	pos: number;
	itemIndex: number;
	req: JobRequest;
	/** waiting: not created yet (an audio job waiting for a slot); running: created, not seen ended */
	phase: 'waiting' | 'running' | 'finishing' | 'done';
	jobId?: string;
	estimatedCredits?: number;
	deadline: number;
	polls: number;
	nextPollAt: number;
	/** the item's output was decided when the job was created (Wait for Completion off) */
	answered: boolean;
};

export type ItemResult = INodeExecutionData[] | Error;

/**
 * Runs the jobs of all input items together: creates them (audio: at most 5 in flight, the next
 * as a slot frees), polls every pending job in rounds with a growing gap, downloads each result
 * as soon as it is ready, and stops promptly when the execution is cancelled. Returns one result
 * per request, in the order given. Without Continue On Fail the first failure ends the batch:
 * no further job is created and the error lists the jobs already started.
 */
export class JobBatch {
	private readonly entries: Entry[];
	private readonly results: Array<ItemResult | undefined>;
	private readonly finishing: Array<Promise<void>> = [];
	private readonly downloads = new Slots(DOWNLOAD_CONCURRENCY);
	private readonly stop = new AbortController();
	private readonly signal: AbortSignal;
	private fatal?: { error: Error; entry: Entry };
	private busyUntil = 0;
	private busyTries = 0;

	constructor(
		private readonly ctx: IExecuteFunctions,
		requests: Array<{ itemIndex: number; req: JobRequest }>,
		private readonly continueOnFail: boolean,
	) {
		const now = Date.now();
		this.entries = requests.map(({ itemIndex, req }, pos) => ({
			pos,
			itemIndex,
			req,
			phase: req.create ? 'waiting' : 'running',
			jobId: req.jobId,
			deadline: now + req.settings.maxWaitMs,
			polls: 0,
			nextPollAt: now,
			answered: false,
		}));
		this.results = new Array<ItemResult | undefined>(requests.length);
		const cancel = ctx.getExecutionCancelSignal();
		this.signal = cancel ? AbortSignal.any([cancel, this.stop.signal]) : this.stop.signal;
	}

	async run(): Promise<ItemResult[]> {
		try {
			for (;;) {
				await this.createWaiting();
				this.check();
				const active = this.entries.filter((e) => this.needsPolling(e));
				const waiting = this.entries.filter((e) => e.phase === 'waiting');
				if (!active.length && !waiting.length) break;
				const wakeAt = Math.min(...active.map((e) => e.nextPollAt), this.waitingWakeAt(waiting));
				const now = Date.now();
				if (wakeAt > now) await sleep(wakeAt - now, this.signal).catch(() => undefined);
				this.check();
				const due = active.filter((e) => e.nextPollAt <= Date.now() + ROUND_TOLERANCE_MS);
				await mapLimit(due, POLL_CONCURRENCY, async (e) => await this.poll(e));
				this.check();
			}
			await Promise.all(this.finishing);
			this.check();
		} finally {
			this.stop.abort();
		}
		return this.results.map((r) => r ?? []);
	}

	/** Throws when the execution was cancelled, or when an item failed without Continue On Fail. */
	private check() {
		if (this.ctx.getExecutionCancelSignal()?.aborted) {
			logJobsLeftRunning(this.ctx, this.startedJobs());
			throw new NodeOperationError(
				this.ctx.getNode(),
				'The execution was cancelled while waiting for jobs',
				{
					description: this.startedJobsNote(),
				},
			);
		}
		if (this.fatal) {
			const { error, entry } = this.fatal;
			const note = this.startedJobsNote(entry);
			const withNote = error as Error & { description?: string | null };
			if (note) withNote.description = [withNote.description, note].filter(Boolean).join(' ');
			throw error;
		}
	}

	/** Jobs this batch created (all but `except`'s). */
	private startedJobs(except?: Entry): Array<{ itemIndex: number; jobId: string }> {
		return this.entries
			.filter((e) => e !== except && e.jobId && e.req.create)
			.map((e) => ({ itemIndex: e.itemIndex, jobId: e.jobId! }));
	}

	/** Which other items already have jobs on the service, so that nothing paid for is lost. */
	private startedJobsNote(except?: Entry): string {
		const started = this.startedJobs(except);
		if (!started.length) return '';
		const list = started.map((e) => `item ${e.itemIndex}: ${e.jobId}`).join(', ');
		return `Jobs already created for other items keep running on the service; fetch them with Download: ${list}.`;
	}

	private fail(entry: Entry, error: unknown) {
		entry.phase = 'done';
		const err = error instanceof Error ? error : new Error(String(error));
		const context = (err as { context?: IDataObject }).context;
		if (context && entry.jobId) context.jobId ??= entry.jobId;
		if (this.continueOnFail) {
			this.results[entry.pos] = err;
		} else if (!this.fatal) {
			this.fatal = { error: err, entry };
			this.stop.abort();
		}
	}

	private inFlight(kind: JobKind): number {
		return this.entries.filter((e) => e.req.kind === kind && e.phase === 'running' && e.req.create)
			.length;
	}

	private needsPolling(e: Entry): boolean {
		if (e.phase !== 'running') return false;
		if (!e.answered) return true;
		// Wait off: an audio job is still watched while others wait for its slot
		return this.entries.some((w) => w.phase === 'waiting' && w.req.kind === e.req.kind);
	}

	private waitingWakeAt(waiting: Entry[]): number {
		if (!waiting.length) return Infinity;
		const deadline = Math.min(...waiting.map((e) => e.deadline));
		const slotFree = waiting.some((e) => this.inFlight(e.req.kind) < slotsFor(e.req.kind));
		return slotFree ? Math.min(Math.max(this.busyUntil, Date.now()), deadline) : deadline;
	}

	/** Creates the jobs that may start now, in input order. */
	private async createWaiting() {
		const now = Date.now();
		const ready: Entry[] = [];
		const taken = new Map<JobKind, number>();
		for (const e of this.entries) {
			if (e.phase !== 'waiting') continue;
			if (now >= e.deadline) {
				this.fail(e, noSlotError(this.ctx.getNode(), e.req.settings.maxWaitMs, e.itemIndex));
				continue;
			}
			const kind = e.req.kind;
			const free = slotsFor(kind) - this.inFlight(kind) - (taken.get(kind) ?? 0);
			if (free <= 0 || (kind === 'podcast' && now < this.busyUntil)) continue;
			taken.set(kind, (taken.get(kind) ?? 0) + 1);
			ready.push(e);
		}
		await mapLimit(ready, CREATE_CONCURRENCY, async (e) => {
			if (this.fatal || this.signal.aborted) return;
			await this.create(e);
		});
	}

	private async create(e: Entry) {
		try {
			const { jobId, estimatedCredits } = await submitJob(this.ctx, e.itemIndex, e.req);
			const now = Date.now();
			Object.assign(e, { jobId, estimatedCredits, phase: 'running', polls: 0 });
			e.deadline = now + e.req.settings.maxWaitMs;
			e.nextPollAt = nextPollAt(now, 0, e.req.settings.pollIntervalMs, e.deadline);
			this.busyTries = 0;
			if (!e.req.settings.waitForCompletion) {
				e.answered = true;
				this.results[e.pos] = [{ json: this.baseJson(e, 'queued') }];
			}
		} catch (error) {
			const busy = busyFor(error);
			if (!busy.busy) return this.fail(e, error);
			this.busyTries++;
			this.busyUntil =
				Date.now() +
				(busy.retryAfterMs ?? busyDelayMs(this.busyTries, e.req.settings.pollIntervalMs));
		}
	}

	private baseJson(e: Entry, status: JobState): IDataObject {
		return compact({
			job_id: e.jobId,
			status,
			...e.req.json,
			estimated_credits: e.estimatedCredits ?? e.req.json.estimated_credits,
		});
	}

	private async read(e: Entry): Promise<IDataObject> {
		const path = JOB_PATH[e.req.kind](e.jobId!);
		return await apiRequest<IDataObject>(this.ctx, { method: 'GET', path, itemIndex: e.itemIndex });
	}

	private async poll(e: Entry) {
		if (e.phase !== 'running') return;
		let body: IDataObject;
		try {
			body = await this.read(e);
		} catch (error) {
			if (e.answered)
				e.phase = 'done'; // only watched for its slot: stop watching
			else this.fail(e, error);
			return;
		}
		const fetchedAt = Date.now();
		const state = jobState(e.req.kind, body);
		const node = this.ctx.getNode();
		e.polls++;
		if (state === 'succeeded' || state === 'failed') {
			this.busyUntil = 0; // one of our own slots is free again
			if (e.answered) {
				e.phase = 'done';
			} else if (state === 'failed') {
				const reason = e.req.kind === 'podcast' ? body.error_details : body.error;
				this.fail(e, jobFailedError(node, e.req.kind, e.jobId!, reason, e.itemIndex));
			} else {
				e.phase = 'finishing';
				this.finishing.push(this.finish(e, body, fetchedAt).catch((error) => this.fail(e, error)));
			}
			return;
		}
		if (!e.req.create)
			return this.fail(e, notFinishedError(node, e.req.kind, e.jobId!, state, e.itemIndex));
		if (fetchedAt >= e.deadline) {
			if (e.req.settings.onTimeout === 'error') {
				return this.fail(
					e,
					timeoutError(node, e.req.kind, e.jobId!, state, e.req.settings.maxWaitMs, e.itemIndex),
				);
			}
			e.phase = 'done';
			this.results[e.pos] = [{ json: { ...this.baseJson(e, state), timed_out: true } }];
			return;
		}
		e.nextPollAt = nextPollAt(fetchedAt, e.polls, e.req.settings.pollIntervalMs, e.deadline);
	}

	/** Output items of a succeeded job (see finishedItems). */
	private async finish(e: Entry, body: IDataObject, fetchedAt: number) {
		let items: INodeExecutionData[];
		try {
			items = await finishedItems(
				this.ctx,
				{
					kind: e.req.kind,
					jobId: e.jobId!,
					itemIndex: e.itemIndex,
					settings: e.req.settings,
					json: this.baseJson(e, 'succeeded'),
					body,
					fetchedAt,
					readJob: async () => await this.read(e),
				},
				this.downloads,
				this.signal,
			);
		} catch (error) {
			if (e.phase === 'finishing') this.fail(e, error);
			return;
		}
		if (e.phase !== 'finishing') return; // failed or stopped meanwhile
		e.phase = 'done';
		this.results[e.pos] = items;
	}
}
