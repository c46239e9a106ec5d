import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeConnectionTypes, nodeNameToToolName } from 'n8n-workflow';

import type { ItemResult } from '../../engine/batch/batchState';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';
import { compact } from '../../engine/jobs/jobOutput';
import type { JobRequest } from '../../engine/jobs/types';
import { cohortKey } from '../../engine/plan/cohortKey';
import { jobFinished, recalled, recalledRun, rememberJob } from './runMemory';
import { nodeOf } from '../../transport/perRun';

/** Operations that check a job as tools, the one an agent is pointed to first. */
const CHECKERS = ['check', 'get'];

/**
 * About how long a job that usually takes `typicalMs` still runs after `elapsedMs` (s): the rest
 * of its usual time, and once past it, a quarter of its age more (it is late, not lost).
 */
export function expectedWaitSeconds(typicalMs: number, elapsedMs: number): number {
	return Math.max(1, Math.ceil(Math.max(typicalMs - elapsedMs, elapsedMs / 4) / 1000));
}

function inWords(seconds: number): string {
	return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/**
 * The tool an agent calls to check a job of this resource: a Get or Check tool of this node
 * beside this one under the same agent or MCP Server Trigger, by the name n8n gives it.
 */
function checkerOf(ctx: IExecuteFunctions, resource: unknown): string | undefined {
	try {
		const self = nodeOf(ctx);
		// the agent or MCP Server Trigger that calls this tool: the tool runs in its execution
		// data (tools built for it), or as a node of its own that the agent's request started
		const data = ctx.getExecuteData();
		const parent =
			data?.node?.name === self.name ? data.source?.main?.[0]?.previousNode : data?.node?.name;
		if (!parent || parent === self.name) return undefined;
		const tools = ctx.getParentNodes(parent, {
			connectionType: NodeConnectionTypes.AiTool,
			depth: 1,
			includeNodeParameters: true,
		});
		const rank = (p?: IDataObject) =>
			p && p.resource === resource ? CHECKERS.indexOf(String(p.operation)) : -1;
		const found = tools
			.filter((t) => !t.disabled && t.type === self.type && rank(t.parameters) >= 0)
			.sort((a, b) => rank(a.parameters) - rank(b.parameters))[0];
		return found ? nodeNameToToolName(found.name) : undefined;
	} catch {
		return undefined;
	}
}

/** The one line that tells the agent what to do about a job still running. */
function nextStep(ctx: IExecuteFunctions, req: JobRequest, jobId: string, wait?: number): string {
	const about = wait === undefined ? '' : ` (expect about ${inWords(wait)} more)`;
	const self = nodeNameToToolName(nodeOf(ctx));
	if (!req.create) return `Not done yet${about}: call ${self} again with job_id "${jobId}".`;
	const resource = ctx.getNodeParameter('resource', 0, '');
	const checker = checkerOf(ctx, resource);
	const call = checker
		? `call ${checker}`
		: `call a Get or Check tool of Media Generation for ${JOB_KINDS[req.kind].label.toLowerCase()} jobs`;
	return `Not done yet${about}: ${call} with job_id "${jobId}" to get ${JOB_KINDS[req.kind].makes}. Do not call ${self} again for it: that would make and pay for another.`;
}

/** What the node knows of a job in a tool's answer: its id, its settings, when it was made. */
type JobFacts = { jobId: string; cohort?: string; createdAt?: number; expectedMs?: number };

function factsOf(ctx: IExecuteFunctions, req: JobRequest, json: IDataObject): JobFacts {
	const jobId = String(json.job_id ?? req.jobId ?? '');
	const known = jobId ? recalled(ctx, jobId) : undefined;
	const made = Date.parse(String(json.created_at ?? ''));
	return {
		jobId,
		cohort: req.create ? cohortKey(req.kind, req.create.path, req.create.body) : known?.cohort,
		createdAt: Number.isFinite(made) ? made : known?.createdAt,
		expectedMs: known?.expectedMs,
	};
}

/** A job still running, as the agent reads it: when it was made, how long yet, what to do next. */
function runningAnswer(
	ctx: IExecuteFunctions,
	req: JobRequest,
	json: IDataObject,
	job: JobFacts,
	now: number,
): IDataObject {
	const { jobId, cohort, createdAt } = job;
	const typicalMs =
		(cohort === undefined ? undefined : recalledRun(ctx, cohort)) ??
		job.expectedMs ??
		(req.create ? JOB_KINDS[req.kind].roughRunSeconds(req.create.body) * 1000 : undefined);
	const wait =
		typicalMs === undefined || createdAt === undefined
			? undefined
			: expectedWaitSeconds(typicalMs, now - createdAt);
	if (cohort && createdAt !== undefined && typicalMs !== undefined)
		rememberJob(ctx, jobId, { createdAt, cohort, expectedMs: typicalMs });
	// timed_out would read as a failure: the job runs on, and the answer says what to do
	const rest = { ...json };
	delete rest.timed_out;
	return compact({
		...rest,
		created_at: createdAt === undefined ? undefined : new Date(createdAt).toISOString(),
		expected_wait_seconds: wait,
		next_step: nextStep(ctx, req, jobId, wait),
	});
}

/**
 * What an AI agent reads from a tool call that ran a job. A finished job's items stay as they are
 * (its links: as a tool the node downloads nothing). A job still running (not done within Tool
 * Wait, or Wait for Completion off) is answered with job_id, status, created_at, about how long
 * it still takes, and a one-line next step naming the tool to call with the job_id. What the
 * tools learn on the way (when a job was made, how long one took) is kept for this execution's
 * later answers (runMemory.ts).
 */
export function answerForAgent(
	ctx: IExecuteFunctions,
	req: JobRequest,
	result: ItemResult,
): ItemResult {
	if (result instanceof Error) return result;
	const now = Date.now();
	return result.map((item): INodeExecutionData => {
		const job = factsOf(ctx, req, item.json);
		const { status } = item.json;
		if (status === 'queued' || status === 'processing')
			return { ...item, json: runningAnswer(ctx, req, item.json, job, now) };
		// a job this call waited for ended about now (a Download's may have ended long ago)
		const waited = req.create ?? req.watch;
		if (waited && status === 'succeeded' && job.cohort && job.createdAt !== undefined)
			jobFinished(ctx, job.jobId, job.cohort, now - job.createdAt);
		return item;
	});
}
