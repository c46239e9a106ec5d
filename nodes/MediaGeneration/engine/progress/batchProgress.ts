import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { JOB_KIND_TERMS, type JobState } from '../../contract/jobs';
import type { JobRequest } from '../jobs/types';
import { ChunkStream } from './chunkStream';
import { ProgressAccount, type ReadyFile } from './progressAccount';

/** A job of the batch, as its progress is told. */
type Job = {
	pos: number;
	itemIndex: number;
	jobId?: string;
	estimatedCredits?: number;
	req: JobRequest;
};

/**
 * Whether a job's progress is told: the user left Stream Progress on, and the node waits for it
 * (a create that waits, a Download, a Check that waits as an agent's tool). A create answered at
 * once, or a Check that polls once, has nothing to follow.
 */
function followed(req: JobRequest): boolean {
	if (req.settings.streamProgress === false) return false;
	if (req.create) return req.settings.waitForCompletion;
	return !req.check || Boolean(req.watch);
}

/**
 * The batch's jobs told to the run's chat or streaming webhook as they go (progressAccount.ts);
 * undefined when the run does not stream or no job is followed, so that nothing changes then.
 */
export class BatchProgress {
	private constructor(
		private readonly account: ProgressAccount,
		private readonly stream: ChunkStream,
	) {}

	static open(ctx: IExecuteFunctions, jobs: Job[]): BatchProgress | undefined {
		const told = jobs.filter((j) => followed(j.req));
		if (!told.length) return undefined;
		const stream = ChunkStream.open(ctx);
		if (!stream) return undefined;
		const entries = told.map((j) => ({
			pos: j.pos,
			itemIndex: j.itemIndex,
			kind: j.req.kind,
			jobId: j.jobId,
			creates: Boolean(j.req.create),
		}));
		return new BatchProgress(
			new ProgressAccount((line) => stream.line(line), entries, Date.now()),
			stream,
		);
	}

	created(j: Job, takenUp: boolean): void {
		const { model, mode, duration } = j.req.json;
		const what = [model, mode, duration === undefined ? undefined : `${String(duration)} s`];
		const credits = j.estimatedCredits ?? j.req.json.estimated_credits;
		this.account.jobCreated(
			j.pos,
			j.jobId ?? '',
			{
				what: what.filter((w) => w !== undefined && w !== '').map(String),
				credits: typeof credits === 'number' ? credits : undefined,
				takenUp,
			},
			Date.now(),
		);
	}

	state(j: Job, state: JobState): void {
		if (state === 'queued' || state === 'processing')
			this.account.jobState(j.pos, j.jobId ?? '', state);
	}

	done(j: Job): void {
		this.account.jobDone(j.pos, j.req.settings.downloadMedia);
	}

	ready(j: Job, items: INodeExecutionData[]): void {
		const field = j.req.settings.binaryPropertyName;
		const files: ReadyFile[] = items.map((item) => ({
			url: String(item.json.url ?? ''),
			name: item.binary?.[field]?.fileName,
			size: item.binary?.[field]?.fileSize,
		}));
		this.account.jobReady(j.pos, files);
	}

	failed(j: Job, error: Error): void {
		this.account.jobFailed(j.pos, error.message);
	}

	/** Maximum Wait ended and the job is output as still running (On Timeout). */
	timedOut(j: Job): void {
		const { label } = JOB_KIND_TERMS[j.req.kind];
		const message = `${label} job ${j.jobId} is not done within Maximum Wait; it keeps running on the service.`;
		this.account.jobFailed(j.pos, message, true);
	}

	wakeAt(): number {
		return this.account.wakeAt();
	}

	tick(): void {
		this.account.tick(Date.now());
	}

	/** The batch ran to its end: its last line. */
	summary(): void {
		this.account.summary();
	}

	async close(): Promise<void> {
		await this.stream.close();
	}
}
