import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { KIND_LABEL, RESOURCE_LABEL, type JobKind, type JobState } from './jobs';

/** Leaves out fields the service did not give, so output items hold no `undefined`. */
export function compact(json: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined));
}

/** The output file's name: the File Name option (or kind and job), a number when a job has several. */
export function outputFileName(
	kind: JobKind,
	jobId: string,
	option: string,
	fileNumber: number,
	fileCount: number,
	extension: string,
): string {
	const chosen = option.trim().replace(/\.(png|jpe?g|webp|mp4|mov|mp3)$/i, '');
	const base = chosen || `${kind}-${jobId.slice(0, 8)}`;
	return `${base}${fileCount > 1 ? `-${fileNumber}` : ''}.${extension}`;
}

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
		`${KIND_LABEL[kind]} job ${jobId} failed: ${String(reason || 'no reason given')}`,
		kind === 'podcast'
			? 'The service reported an error for this audio job. Check the voice and music ids and the script, then try again.'
			: 'Failed jobs are not charged. Adjust the prompt or inputs and try again.',
	);
}

export function timeoutError(
	node: INode,
	kind: JobKind,
	jobId: string,
	state: JobState,
	waitedMs: number,
	itemIndex: number,
) {
	return jobError(
		node,
		jobId,
		itemIndex,
		`${KIND_LABEL[kind]} job ${jobId} is still ${state} after ${minutes(waitedMs)} (Maximum Wait)`,
		`The job keeps running on the service. Use ${RESOURCE_LABEL[kind]} > Download with job ID ${jobId} later, raise Maximum Wait, or set On Timeout to output the job as still running.`,
	);
}

/**
 * The service's error to the looks at a job that kept failing (an outage) until Maximum Wait ran
 * out, with the job it was about and what to do: the job itself may be fine and keeps running.
 */
export function unreadError(error: unknown, kind: JobKind, jobId: string, waitedMs: number) {
	const e = (error instanceof Error ? error : new Error(String(error))) as Error & {
		description?: string | null;
		context?: IDataObject;
	};
	const note =
		`${KIND_LABEL[kind]} job ${jobId} could not be looked at within ${minutes(waitedMs)} (Maximum Wait); it keeps running on the service. ` +
		`Use ${RESOURCE_LABEL[kind]} > Download with job ID ${jobId} later, or raise Maximum Wait.`;
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
		`${KIND_LABEL[kind]} job ${jobId} is still ${state}: nothing to download yet`,
		'Try again later (for example after a Wait node), or use Generate with Wait for Completion on.',
	);
}

export function noSlotError(node: INode, waitedMs: number, itemIndex: number) {
	return new NodeOperationError(
		node,
		`No audio job could be started within ${minutes(waitedMs)} (Maximum Wait): the service kept answering 429, too many audio jobs in flight`,
		{
			itemIndex,
			description:
				'Nothing was created for this item. The workspace runs at most 5 audio jobs at once; other workflows may be using the slots. Try again later or raise Maximum Wait.',
		},
	);
}
