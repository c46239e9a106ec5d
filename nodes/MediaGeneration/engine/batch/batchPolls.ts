import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { JobState } from '../../contract/jobs';
import { apiRequest } from '../../transport/request';
import type { BatchCreates } from './batchCreates';
import type { BatchState, Entry } from './batchState';
import { finishedItems } from './finish';
import { outcomeOf } from '../limits/governor';
import { jobFailedError, notFinishedError, timeoutError, unreadError } from '../jobs/jobErrors';
import { JOB_KINDS } from '../jobs/jobKinds';
import { decidePoll, decideUnread, isEnded } from './pollOutcome';
import { nodeOf } from '../../transport/perRun';

/**
 * The batch's polls of its jobs: sent when the poll plan says they are due, each through the
 * API governor; what a poll finds is decided by `decidePoll`, and a succeeded job's files are
 * fetched at once.
 */
export class BatchPolls {
	constructor(
		private readonly b: BatchState,
		private readonly creates: BatchCreates,
	) {}

	/** Sends the polls that are due now. */
	sendDue(): void {
		for (const { id, routine } of this.b.plan.due(Date.now())) {
			const e = this.b.entries[id];
			// poll() settles the item's fate itself and hands back the error it met, if any
			this.b.track(this.b.api.run(async () => await this.poll(e), outcomeOf, routine));
		}
	}

	/** Reads the job; a read tried `until` a time rides out an outage until then. */
	private async read(e: Entry, until?: number): Promise<IDataObject> {
		return await apiRequest<IDataObject>(this.b.ctx, {
			method: 'GET',
			intent: 'read',
			path: JOB_KINDS[e.req.kind].path(e.jobId!),
			itemIndex: e.itemIndex,
			until,
			signal: this.b.signal,
		});
	}

	/** Polls one job and acts on what it finds; hands back the error it met (for the governor). */
	private async poll(e: Entry): Promise<unknown> {
		const { b } = this;
		if (e.phase !== 'running' || b.signal.aborted) {
			b.plan.remove(e.pos); // a poll still queued when the batch stopped is never sent
			return undefined;
		}
		const createdHere = Boolean(e.req.create);
		const checking = Boolean(e.req.check);
		const watching = Boolean(e.req.watch);
		// a job made or watched here is polled through an outage for as long as its wait allows,
		// and a bounded answer's (a tool's) no longer than its bound
		const bounded = createdHere || watching || e.req.settings.answerBy !== undefined;
		const read = await this.read(e, bounded ? e.deadline : undefined).then(
			(body) => ({ body, error: undefined }),
			(error: unknown) => ({ body: undefined, error }),
		);
		if (!read.body) {
			b.plan.remove(e.pos);
			const facts = {
				createdHere,
				checking,
				watching,
				answered: e.answered,
				pastDeadline: Date.now() >= e.deadline,
			};
			const action = decideUnread(facts, outcomeOf(read.error) === 'congested');
			if (action === 'release') e.phase = 'done';
			else if (action === 'stillRunning') this.stillRunning(e, e.state ?? 'processing', read.error);
			else if (action === 'timeOut') this.timedOut(e, e.state ?? 'queued', read.error);
			else b.fail(e, read.error);
			return read.error;
		}
		const body = read.body;
		const fetchedAt = Date.now();
		const { kind } = e.req;
		const state = JOB_KINDS[kind].state(body);
		e.state = state;
		// the service does not charge a failed job: a later try of the node may create it again
		if (state === 'failed' && e.req.create) b.prior.failed(e.itemIndex, e.req.create);
		b.progress?.state(e, state);
		if (state === 'queued') b.plan.seenQueued(e.pos);
		else b.plan.seen(e.pos, isEnded(state));
		if (e.phase !== 'running') return undefined; // failed or stopped meanwhile
		if (isEnded(state)) this.creates.slotFreed(kind);
		const action = decidePoll(state, {
			createdHere,
			checking,
			watching,
			answered: e.answered,
			watchedForSlot: b.watchedForSlot(e),
			pastDeadline: fetchedAt >= e.deadline,
			stopping: b.stopping,
		});
		const node = nodeOf(b.ctx);
		switch (action) {
			case 'release':
				e.phase = 'done';
				b.plan.remove(e.pos);
				break;
			case 'failed':
				b.fail(
					e,
					jobFailedError(node, kind, e.jobId!, JOB_KINDS[kind].failureReason(body), e.itemIndex),
				);
				break;
			case 'finish':
				e.phase = 'finishing';
				b.progress?.done(e);
				b.finishing.push(this.finish(e, body, fetchedAt).catch((error) => b.fail(e, error)));
				break;
			case 'notFinished':
				b.fail(e, notFinishedError(node, kind, e.jobId!, state, e.itemIndex));
				break;
			case 'stillRunning':
				this.stillRunning(e, state);
				break;
			case 'timeOut':
				this.timedOut(e, state);
				break;
		}
		return undefined;
	}

	/**
	 * A job given to Check has not ended (or could not be read this time for a passing reason):
	 * its item goes on as still running, for the Running output.
	 */
	private stillRunning(e: Entry, state: JobState, unread?: unknown) {
		this.b.plan.remove(e.pos);
		e.phase = 'done';
		const json: IDataObject = { ...this.b.json(e, state), checked_at: new Date().toISOString() };
		if (unread !== undefined) json.last_check_error = (unread as Error).message ?? String(unread);
		this.b.results[e.pos] = [{ json }];
	}

	/**
	 * Maximum Wait is over and the job was not seen ended: last seen in `state`, or not read at
	 * all in the end because of `unread` (the service's answer to the last tries).
	 */
	private timedOut(e: Entry, state: JobState, unread?: unknown) {
		this.b.plan.remove(e.pos);
		const { kind, settings } = e.req;
		if (settings.onTimeout === 'outputRunning') {
			e.phase = 'done';
			this.b.results[e.pos] = [{ json: { ...this.b.json(e, state), timed_out: true } }];
			this.b.progress?.timedOut(e);
			return;
		}
		const node = nodeOf(this.b.ctx);
		this.b.fail(
			e,
			unread === undefined
				? timeoutError(node, kind, e.jobId!, state, settings.maxWaitMs, e.itemIndex, e.req.check)
				: unreadError(unread, kind, e.jobId!, settings.maxWaitMs),
		);
	}

	/** Output items of a succeeded job (see finishedItems). */
	private async finish(e: Entry, body: IDataObject, fetchedAt: number) {
		const { b } = this;
		const { kind } = e.req;
		const job = {
			kind,
			jobId: e.jobId!,
			itemIndex: e.itemIndex,
			settings: e.req.settings,
			json: b.json(e, 'succeeded'),
			body,
			fetchedAt,
			readJob: async () => await this.read(e),
		};
		const slots = JOB_KINDS[kind].largeFiles ? b.videoDownloads : b.downloads;
		const made = await finishedItems(b.ctx, job, slots, b.signal).then(
			(items: INodeExecutionData[]) => ({ items, error: undefined }),
			(error: unknown) => ({ items: undefined, error }),
		);
		if (e.phase !== 'finishing') return; // failed or stopped meanwhile
		if (!made.items) return b.fail(e, made.error);
		e.phase = 'done';
		b.results[e.pos] = made.items;
		b.progress?.ready(e, made.items);
	}
}
