import type { IExecuteFunctions } from 'n8n-workflow';

import { cancelledError } from '../../transport/cancelled';
import { pause as sleepOrAbort } from '../../transport/pause';
import { BatchCreates } from './batchCreates';
import { BatchPolls } from './batchPolls';
import { BatchState, type ItemResult } from './batchState';
import { logJobsLeftRunning, startedJobsNote } from '../jobs/jobLog';
import type { JobRequest } from '../jobs/types';
import { nodeOf } from '../../transport/perRun';

export type { ItemResult } from './batchState';

/** The longest single pause of the loop: it wakes at least this often. */
const LONGEST_PAUSE_MS = 60_000;

/**
 * Runs the jobs of all input items together: creates them (kinds with slots: as slots free),
 * polls every pending job as the poll plan says, downloads each result as soon as it is
 * ready, and stops promptly when the execution is cancelled. Returns one result per request, in
 * the order given. Without Continue On Fail the first failure ends the batch: no further job is
 * created and the error lists the jobs already started.
 *
 * The loop only sends what is due and sleeps until the next thing is due or an answer comes
 * back; what to send is decided by the create gate (createGate.ts), the poll plan
 * (plan/pollPlan.ts) and what a poll finds (pollOutcome.ts).
 */
export class JobBatch {
	private readonly b: BatchState;
	private readonly creates: BatchCreates;
	private readonly polls: BatchPolls;

	constructor(
		ctx: IExecuteFunctions,
		requests: Array<{ itemIndex: number; req: JobRequest }>,
		continueOnFail: boolean,
	) {
		this.b = new BatchState(ctx, requests, continueOnFail);
		this.creates = new BatchCreates(this.b);
		this.polls = new BatchPolls(this.b, this.creates);
		// Retry On Fail: jobs an earlier try of this node run created are taken up, not bought again
		this.creates.takeUpPrior();
		// An existing job: one poll at once (Download, Check), or polls until it ends or its wait
		// is over (Get or Check as a tool), timed from when it was made
		const now = Date.now();
		for (const e of this.b.entries) {
			if (e.req.create) continue;
			const { watch, settings } = e.req;
			const timing = watch ? { deadline: e.deadline, capMs: settings.pollIntervalMs } : {};
			this.b.plan.add(e.pos, `existing:${e.pos}`, watch?.createdAt ?? now, {
				now: true,
				...timing,
			});
		}
	}

	async run(): Promise<ItemResult[]> {
		const { b } = this;
		try {
			for (;;) {
				b.progress?.tick();
				this.creates.sendDue();
				this.check();
				this.polls.sendDue();
				if (!b.inflight.size && !b.plan.size && !this.creates.pending) break;
				const noteAt = b.progress?.wakeAt() ?? Infinity;
				const wakeAt = Math.min(b.plan.wakeAt(), this.creates.wakeAt(), noteAt);
				await this.pause(wakeAt - Date.now());
				this.check();
			}
			await Promise.all(b.finishing);
			this.check();
			b.progress?.summary();
		} finally {
			b.halt();
			// nothing of this batch may go on after the node has returned
			await Promise.allSettled([...b.inflight, ...b.finishing]);
			await b.progress?.close();
		}
		return b.results.map((r) => r ?? []);
	}

	/** Waits until the next poll is due, a request in flight comes back, or the batch stops. */
	private async pause(ms: number) {
		const { b } = this;
		if (ms <= 0 && b.inflight.size === 0) return;
		const nap = new AbortController();
		const wake = () => nap.abort();
		b.signal.addEventListener('abort', wake, { once: true });
		try {
			await new Promise<void>((resolve) => {
				b.ring = resolve;
				if (ms > 0) sleepOrAbort(Math.min(ms, LONGEST_PAUSE_MS), nap.signal).then(resolve, resolve);
			});
		} finally {
			b.ring = undefined;
			nap.abort();
			b.signal.removeEventListener('abort', wake);
		}
	}

	/** Throws when the execution was cancelled, or when an item failed without Continue On Fail. */
	private check() {
		const { b } = this;
		if (b.ctx.getExecutionCancelSignal()?.aborted) {
			logJobsLeftRunning(b.ctx, b.startedJobs());
			const error = cancelledError(nodeOf(b.ctx), undefined, 'while waiting for jobs');
			error.description = startedJobsNote(b.startedJobs());
			throw error;
		}
		if (b.fatal) {
			const { error, entry } = b.fatal;
			const note = startedJobsNote(b.startedJobs(entry));
			const withNote = error as Error & { description?: string | null };
			if (note) withNote.description = [withNote.description, note].filter(Boolean).join(' ');
			throw error;
		}
	}
}
