import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * What the node's tools learned in this execution, kept in n8n's flow context (shared by the
 * execution's nodes, so a Check tool knows the jobs a Generate tool made): when each job still
 * running was created and what it was expected to take, and how long finished jobs of each kind
 * of request took. It feeds the agent's "expect about …". An MCP Server Trigger runs each call as
 * an execution of its own, so there every call starts with nothing remembered.
 */
const KEY = 'mediaGenerationTools';

/** A job a tool answered as still running. */
export type RememberedJob = { createdAt: number; cohort: string; expectedMs: number };

type Memory = { jobs: Record<string, RememberedJob>; runs: Record<string, number> };

function memory(ctx: IExecuteFunctions): Memory | undefined {
	try {
		const flow = ctx.getContext('flow');
		flow[KEY] ??= { jobs: {}, runs: {} } satisfies Memory;
		return flow[KEY] as Memory;
	} catch {
		// a context without execution data (n8n keeps none there): nothing is remembered
		return undefined;
	}
}

export function rememberJob(ctx: IExecuteFunctions, jobId: string, job: RememberedJob): void {
	const m = memory(ctx);
	if (m) m.jobs[jobId] = job;
}

export function recalled(ctx: IExecuteFunctions, jobId: string): RememberedJob | undefined {
	const job = memory(ctx)?.jobs[jobId] as (RememberedJob & IDataObject) | undefined;
	return typeof job?.createdAt === 'number' ? job : undefined;
}

/** A job of this kind of request (its cohort) ended after `ms`; the latest run is kept. */
export function jobFinished(
	ctx: IExecuteFunctions,
	jobId: string,
	cohort: string,
	ms: number,
): void {
	const m = memory(ctx);
	if (!m) return;
	m.runs[cohort] = ms;
	delete m.jobs[jobId];
}

export function recalledRun(ctx: IExecuteFunctions, cohort: string): number | undefined {
	const ms = memory(ctx)?.runs[cohort];
	return typeof ms === 'number' ? ms : undefined;
}
