import type { IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { nodeOf } from '../../transport/perRun';

/**
 * Writes a created job's id to n8n's log the moment the service answers, so that a paid job can
 * be found again whatever happens next (the instance killed, the worker lost, the execution
 * cancelled): Get or Download with this id finishes it. The line names the item, the node, the
 * operation and the execution; it never holds the key or the request body. A job a new try of
 * the node takes up from an earlier one (Retry On Fail) is logged as `took up`.
 */
export function logCreatedJob(
	ctx: IExecuteFunctions,
	kind: JobKind,
	jobId: string,
	itemIndex: number,
	how: 'created' | 'took up' = 'created',
): void {
	const node = nodeOf(ctx);
	const resource = ctx.getNodeParameter('resource', 0, '') as string;
	const operation = ctx.getNodeParameter('operation', 0, '') as string;
	const executionId = ctx.getExecutionId();
	const earlier = how === 'took up' ? ', created by an earlier try' : '';
	ctx.logger.info(
		`Media Generation: ${how} ${kind} job ${jobId} for item ${itemIndex} of node "${node.name}" (${resource} ${operation}, execution ${executionId})${earlier}`,
		{ jobId, kind, itemIndex, node: node.name, resource, operation, executionId },
	);
}

/** Jobs as a user reads them in a log line or an error: "item 0: <id>, item 3: <id>". */
export function jobList(jobs: Array<{ itemIndex: number; jobId: string }>): string {
	return jobs.map((j) => `item ${j.itemIndex}: ${j.jobId}`).join(', ');
}

/** What an error adds so that the jobs already created for other items are not lost. */
export function startedJobsNote(jobs: Array<{ itemIndex: number; jobId: string }>): string {
	if (!jobs.length) return '';
	return `Jobs already created for other items keep running on the service; fetch them with Download: ${jobList(jobs)}.`;
}

/**
 * Writes the jobs a cancelled execution leaves running to n8n's log. n8n keeps its own
 * "cancelled" error for a stopped execution and drops the node's, so the log is where the
 * ids of these paid jobs stay visible.
 */
export function logJobsLeftRunning(
	ctx: IExecuteFunctions,
	jobs: Array<{ itemIndex: number; jobId: string }>,
): void {
	if (!jobs.length) return;
	const node = nodeOf(ctx);
	const executionId = ctx.getExecutionId();
	ctx.logger.warn(
		`Media Generation: execution ${executionId} was cancelled while node "${node.name}" waited; these jobs keep running on the service (fetch them with Download): ${jobList(jobs)}`,
		{ executionId, node: node.name, jobIds: jobs.map((j) => j.jobId) },
	);
}
