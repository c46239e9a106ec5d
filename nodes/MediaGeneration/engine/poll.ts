import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pause as sleepOrAbort } from '../transport/pause';
import { apiRequest } from '../transport/request';
import { cohortKey, PollPlan } from './cohort';
import { finishedItems } from './finish';
import { jobList, logJobsLeftRunning } from './jobLog';
import { JOB_PATH, jobState, type JobKind, type JobState } from './jobs';
import {
	compact,
	jobFailedError,
	noSlotError,
	notFinishedError,
	timeoutError,
	unreadError,
} from './output';
import {
	API_LIMITS,
	DOWNLOAD_LIMITS,
	Governor,
	outcomeOf,
	VIDEO_DOWNLOAD_LIMITS,
} from './parallel';
import { busyWait } from './schedule';
import { busyFor, slotsFor, submitJob } from './submit';
import { TransferSlots } from './transfers';
import type { JobRequest } from './types';

type Entry = {
	/** position in the batch, which is where its result goes */
	pos: number;
	itemIndex: number;
	req: JobRequest;
	/** waiting: not created yet (an audio job waiting for a slot); running: created, not seen ended */
	phase: 'waiting' | 'creating' | 'running' | 'finishing' | 'done';
	jobId?: string;
	estimatedCredits?: number;
	deadline: number;
	/** the item's output was decided when the job was created (Wait for Completion off) */
	answered: boolean;
	/** what the last look at the job saw */
	state?: JobState;
	/** audio: the batch's 429s in a row when this create was sent */
	busyTriesAtSend?: number;
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
	private readonly plan = new PollPlan();
	/** API calls (creates and job reads) and file downloads, each with its own adaptive limit */
	private readonly api = new Governor(API_LIMITS);
	private readonly downloads = new Governor(DOWNLOAD_LIMITS);
	private readonly videoDownloads = new TransferSlots(VIDEO_DOWNLOAD_LIMITS);
	private readonly inflight = new Set<Promise<void>>();
	/** wakes the loop's pause when a request in flight comes back */
	private ring?: () => void;
	private readonly stop = new AbortController();
	private readonly signal: AbortSignal;
	private fatal?: { error: Error; entry: Entry };
	/** no audio create before this (a 429's wait) */
	private busyUntil = 0;
	/** the part of that wait the service asked for with Retry-After: always honoured */
	private askedUntil = 0;
	/** audio creates answered 429 in a row: while any, one create at a time probes for a slot */
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
			answered: false,
		}));
		// Download of an existing job: one look at once (it must have ended already)
		this.entries.forEach((e) => {
			if (!e.req.create) this.plan.add(e.pos, `existing:${e.pos}`, now, { now: true });
		});
		this.results = new Array<ItemResult | undefined>(requests.length);
		const cancel = ctx.getExecutionCancelSignal();
		this.signal = cancel ? AbortSignal.any([cancel, this.stop.signal]) : this.stop.signal;
	}

	async run(): Promise<ItemResult[]> {
		try {
			for (;;) {
				this.createWaiting();
				this.check();
				this.pollDue();
				const waiting = this.entries.filter((e) => e.phase === 'waiting');
				if (!this.inflight.size && !this.plan.size && !waiting.length) break;
				const wakeAt = Math.min(this.plan.wakeAt(), this.waitingWakeAt(waiting));
				await this.pause(wakeAt - Date.now());
				this.check();
			}
			await Promise.all(this.finishing);
			this.check();
		} finally {
			this.stop.abort();
			// nothing of this batch may go on after the node has returned
			await Promise.allSettled([...this.inflight, ...this.finishing]);
		}
		return this.results.map((r) => r ?? []);
	}

	/** Waits until the next look is due, a request in flight comes back, or the batch stops. */
	private async pause(ms: number) {
		if (ms <= 0 && this.inflight.size === 0) return;
		const nap = new AbortController();
		const wake = () => nap.abort();
		this.signal.addEventListener('abort', wake, { once: true });
		try {
			await new Promise<void>((resolve) => {
				this.ring = resolve;
				if (ms > 0) sleepOrAbort(Math.min(ms, 60_000), nap.signal).then(resolve, resolve);
			});
		} finally {
			this.ring = undefined;
			nap.abort();
			this.signal.removeEventListener('abort', wake);
		}
	}

	/** Runs `task` in the background, so that the loop can go on planning while it is in flight. */
	private track(task: Promise<void>) {
		const done: Promise<void> = task.finally(() => {
			this.inflight.delete(done);
			this.ring?.();
		});
		this.inflight.add(done);
	}

	/** Sends the looks that are due now, each through the API governor. */
	private pollDue() {
		for (const { id, routine } of this.plan.due(Date.now())) {
			const e = this.entries[id];
			// poll() settles the item's fate itself and hands back the error it met, if any
			const look = this.api.run(async () => await this.poll(e), outcomeOf, routine);
			this.track(look.then(() => undefined));
		}
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
		return `Jobs already created for other items keep running on the service; fetch them with Download: ${jobList(started)}.`;
	}

	private fail(entry: Entry, error: unknown) {
		entry.phase = 'done';
		this.plan.remove(entry.pos);
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
		return this.entries.filter(
			(e) =>
				e.req.kind === kind &&
				(e.phase === 'creating' ||
					(e.phase === 'running' && (!e.answered || this.plan.has(e.pos)))) &&
				e.req.create,
		).length;
	}

	/** Wait off: an audio job is still watched while others wait for its slot. */
	private stillWatched(e: Entry): boolean {
		return this.entries.some((w) => w.phase === 'waiting' && w.req.kind === e.req.kind);
	}

	private waitingWakeAt(waiting: Entry[]): number {
		if (!waiting.length) return Infinity;
		const deadline = Math.min(...waiting.map((e) => e.deadline));
		const kinds = new Set(waiting.map((e) => e.req.kind));
		const slotFree = [...kinds].some(
			(k) => slotsFor(k) === Infinity || this.inFlight(k) < slotsFor(k),
		);
		return slotFree ? Math.min(Math.max(this.busyUntil, Date.now()), deadline) : deadline;
	}

	/** Starts the create requests that may go now, in input order, through the API governor. */
	private createWaiting() {
		const now = Date.now();
		const free = new Map<JobKind, number>();
		for (const e of this.entries) {
			if (e.phase !== 'waiting' || this.fatal || this.signal.aborted) continue;
			if (now >= e.deadline) {
				this.fail(e, noSlotError(this.ctx.getNode(), e.req.settings.maxWaitMs, e.itemIndex));
				continue;
			}
			const kind = e.req.kind;
			if (!free.has(kind)) {
				const slots = slotsFor(kind);
				free.set(kind, slots === Infinity ? Infinity : slots - this.inFlight(kind));
			}
			if (free.get(kind)! <= 0 || (kind === 'podcast' && !this.audioMayGo(now))) continue;
			free.set(kind, free.get(kind)! - 1);
			e.phase = 'creating';
			e.busyTriesAtSend = this.busyTries;
			this.track(
				this.api
					.run(async () => {
						if (!this.fatal && !this.signal.aborted) return await this.create(e);
						e.phase = 'waiting';
						return undefined;
					}, outcomeOf)
					.then(() => undefined),
			);
		}
	}

	/** Whether an audio create may be sent now: not while backing off, nor beside another's probe. */
	private audioMayGo(now: number): boolean {
		if (now < this.busyUntil) return false;
		const probing = this.entries.some((e) => e.phase === 'creating' && e.req.kind === 'podcast');
		return this.busyTries === 0 || !probing;
	}

	/** Creates one job; settles the item's fate, and hands back the error it met (for the governor). */
	private async create(e: Entry): Promise<unknown> {
		try {
			const { jobId, estimatedCredits } = await submitJob(this.ctx, e.itemIndex, e.req);
			const now = Date.now();
			Object.assign(e, { jobId, estimatedCredits, phase: 'running' });
			e.deadline = now + e.req.settings.maxWaitMs;
			this.busyTries = 0;
			if (!e.req.settings.waitForCompletion) {
				e.answered = true;
				this.results[e.pos] = [{ json: this.baseJson(e, 'queued') }];
				// an audio job is still watched while others wait for its slot
				if (!this.stillWatched(e)) return;
			}
			const { path, body } = e.req.create!;
			this.plan.add(e.pos, cohortKey(e.req.kind, path, body), now, {
				capMs: e.req.settings.pollIntervalMs,
				deadline: e.deadline,
			});
		} catch (error) {
			const busy = busyFor(e.req.kind, error);
			if (busy.busy) {
				e.phase = 'waiting';
				// creates sent together and refused together count as one refusal
				this.busyTries = Math.max(this.busyTries, (e.busyTriesAtSend ?? 0) + 1);
				const now = Date.now();
				const wait = busyWait(this.busyTries, busy.retryAfter, now);
				this.busyUntil = Math.max(this.busyUntil, now + wait.ms);
				if (wait.asked) this.askedUntil = this.busyUntil;
			} else {
				this.fail(e, error);
			}
			return error;
		}
		return undefined;
	}

	private baseJson(e: Entry, status: JobState): IDataObject {
		return compact({
			job_id: e.jobId,
			status,
			...e.req.json,
			estimated_credits: e.estimatedCredits ?? e.req.json.estimated_credits,
		});
	}

	/** Reads the job; a read tried `until` a time rides out an outage until then. */
	private async read(e: Entry, until?: number): Promise<IDataObject> {
		const path = JOB_PATH[e.req.kind](e.jobId!);
		return await apiRequest<IDataObject>(this.ctx, {
			method: 'GET',
			path,
			itemIndex: e.itemIndex,
			until,
			signal: this.signal,
		});
	}

	/** Looks at one job and acts on what it finds; hands back the error it met (for the governor). */
	private async poll(e: Entry): Promise<unknown> {
		if (e.phase !== 'running' || this.signal.aborted) {
			this.plan.remove(e.pos); // a look still queued when the batch stopped is never sent
			return undefined;
		}
		let body: IDataObject;
		try {
			// a job made here is looked at through an outage for as long as its Maximum Wait allows
			body = await this.read(e, e.req.create ? e.deadline : undefined);
		} catch (error) {
			this.plan.remove(e.pos);
			if (e.answered)
				e.phase = 'done'; // only watched for its slot: stop watching
			else if (e.req.create && Date.now() >= e.deadline && outcomeOf(error) === 'congested')
				this.timedOut(e, e.state ?? 'queued', error);
			else this.fail(e, error);
			return error;
		}
		const fetchedAt = Date.now();
		const state = jobState(e.req.kind, body);
		e.state = state;
		const node = this.ctx.getNode();
		const ended = state === 'succeeded' || state === 'failed';
		this.plan.seen(e.pos, fetchedAt, ended);
		if (e.phase !== 'running') return undefined; // failed or stopped meanwhile
		if (ended) {
			// one of our own audio slots is free again: stop backing off, but keep a Retry-After
			if (e.req.kind === 'podcast') this.busyUntil = this.askedUntil;
			if (e.answered) {
				e.phase = 'done';
			} else if (state === 'failed') {
				const reason = e.req.kind === 'podcast' ? body.error_details : body.error;
				this.fail(e, jobFailedError(node, e.req.kind, e.jobId!, reason, e.itemIndex));
			} else if (!this.fatal && !this.signal.aborted) {
				e.phase = 'finishing';
				this.finishing.push(this.finish(e, body, fetchedAt).catch((error) => this.fail(e, error)));
			}
		} else if (!e.req.create) {
			this.fail(e, notFinishedError(node, e.req.kind, e.jobId!, state, e.itemIndex));
		} else if (e.answered && !this.stillWatched(e)) {
			e.phase = 'done';
			this.plan.remove(e.pos);
		} else if (fetchedAt >= e.deadline) {
			this.timedOut(e, state);
		}
		return undefined;
	}

	/**
	 * Maximum Wait is over and the job was not seen ended: last seen in `state`, or not read at
	 * all in the end because of `unread` (the service's answer to the last tries).
	 */
	private timedOut(e: Entry, state: JobState, unread?: unknown) {
		this.plan.remove(e.pos);
		const { onTimeout, maxWaitMs } = e.req.settings;
		if (onTimeout === 'outputRunning') {
			e.phase = 'done';
			this.results[e.pos] = [{ json: { ...this.baseJson(e, state), timed_out: true } }];
			return;
		}
		const { kind } = e.req;
		const node = this.ctx.getNode();
		this.fail(
			e,
			unread === undefined
				? timeoutError(node, kind, e.jobId!, state, maxWaitMs, e.itemIndex)
				: unreadError(unread, kind, e.jobId!, maxWaitMs),
		);
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
				e.req.kind === 'video' ? this.videoDownloads : this.downloads,
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
