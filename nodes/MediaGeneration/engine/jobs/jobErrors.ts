import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import type { JobKind, JobState } from '../../contract/jobs';
import { howToFindJob } from '../../transport/errors';
import { JOB_KINDS } from './jobKinds';

function minutes(ms: number): string {
	const m = ms / 60_000;
	return m >= 1 ? `${Number(m.toFixed(1))} min` : `${Math.round(ms / 1000)} s`;
}

/** An error about one job: the job id goes into its context, so error items carry job_id. */
function jobError(
	node: INode,
	jobId: string,
	itemIndex: number,
	message: string,
	description: string,
) {
	const error = new NodeOperationError(node, message, { itemIndex, description });
	error.context.jobId = jobId;
	return error;
}

export function jobFailedError(
	node: INode,
	kind: JobKind,
	jobId: string,
	reason: unknown,
	itemIndex: number,
) {
	return jobError(
		node,
		jobId,
		itemIndex,
		`${JOB_KINDS[kind].label} job ${jobId} failed: ${String(reason || 'no reason given')}`,
		JOB_KINDS[kind].failureAdvice,
	);
}

export function timeoutError(
	node: INode,
	kind: JobKind,
	jobId: string,
	state: JobState,
	waitedMs: number,
	itemIndex: number,
	/** the job was given to Check: its wait counts from the job's creation */
	checked?: { since: number },
) {
	const { label, resource } = JOB_KINDS[kind];
	const since = checked ? ` since it was created (${new Date(checked.since).toISOString()})` : '';
	const raise = checked
		? "raise the Check operation's Maximum Wait"
		: 'raise Maximum Wait, or set On Timeout to output the job as still running';
	return jobError(
		node,
		jobId,
		itemIndex,
		`${label} job ${jobId} is still ${state} after ${minutes(waitedMs)}${since} (Maximum Wait)`,
		`The job keeps running on the service. Use ${resource} > Download with job ID ${jobId} later, or ${raise}.`,
	);
}

/**
 * The service's error to the polls of a job that kept failing (an outage) until Maximum Wait ran
 * out, with the job it was about and what to do: the job itself may be fine and keeps running.
 */
export function unreadError(error: unknown, kind: JobKind, jobId: string, waitedMs: number) {
	const e = (error instanceof Error ? error : new Error(String(error))) as Error & {
		description?: string | null;
		context?: IDataObject;
	};
	const note =
		`${JOB_KINDS[kind].label} job ${jobId} could not be polled within ${minutes(waitedMs)} (Maximum Wait); it keeps running on the service. ` +
		`Use ${JOB_KINDS[kind].resource} > Download with job ID ${jobId} later, or raise Maximum Wait.`;
	e.description = [e.description, note].filter(Boolean).join(' ');
	if (e.context) e.context.jobId = jobId;
	return e;
}

export function notFinishedError(
	node: INode,
	kind: JobKind,
	jobId: string,
	state: JobState,
	itemIndex: number,
) {
	return jobError(
		node,
		jobId,
		itemIndex,
		`${JOB_KINDS[kind].label} job ${jobId} is still ${state}: nothing to download yet`,
		'Try again later (for example after a Wait node), or use Generate with Wait for Completion on.',
	);
}

export function noSlotError(node: INode, kind: JobKind, waitedMs: number, itemIndex: number) {
	const { label, slots } = JOB_KINDS[kind];
	const jobs = `${label.toLowerCase()} jobs`;
	return new NodeOperationError(
		node,
		`No ${label.toLowerCase()} job could be started within ${minutes(waitedMs)} (Maximum Wait): the service kept answering 429, too many ${jobs} in flight`,
		{
			itemIndex,
			description: `Nothing was created for this item. The workspace runs at most ${slots} ${jobs} at once; other workflows may be using the slots. Try again later or raise Maximum Wait.`,
		},
	);
}

/**
 * An earlier try of this node run sent this item's create and got no clear answer (`got`, at
 * `at`): the job may exist, so the request is not sent again.
 */
export function priorCreateUnansweredError(
	node: INode,
	kind: JobKind,
	itemIndex: number,
	prior: { at: number; got: string },
) {
	const job = `${JOB_KINDS[kind].label.toLowerCase()} job`;
	return new NodeOperationError(
		node,
		`An earlier try of this node may have created this item's ${job}: its create request got no answer (${prior.got}), so it was not sent again`,
		{
			itemIndex,
			description:
				`The node ran again in the same execution (Retry On Fail, or a retry from the Executions list); sending the same request again could create and charge the job twice. ` +
				`Its job ID never came back, so n8n's log, which lists every job the node created, does not have it. ${howToFindJob(kind, prior.at)}. ` +
				`A new execution of the workflow sends the request again.`,
		},
	);
}
