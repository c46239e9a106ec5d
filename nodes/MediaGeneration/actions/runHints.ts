import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import type { JobKind } from '../contract/jobs';
import type { ItemResult } from '../engine/batch/jobBatch';
import { JOB_KINDS } from '../engine/jobs/jobKinds';
import type { JobRequest } from '../engine/jobs/types';

/**
 * Hints n8n shows above the node's output after a run (execution hints): the jobs this run
 * started and did not wait for (Wait for Completion off, or Maximum Wait reached with On Timeout
 * set to output them), with how to finish them, and what the run's jobs were estimated to cost.
 * Each is one short line (at most HINT_LENGTH characters). Pure but for `addRunHints`.
 */

/** The longest hint: a line above the output, not a paragraph. */
export const HINT_LENGTH = 120;

/** What one created job's output says about it. */
export type StartedJob = { kind: JobKind; running: boolean; estimatedCredits?: number };

const jobs = (n: number, word = '') => `${n} ${word ? `${word} ` : ''}job${n === 1 ? '' : 's'}`;
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** The jobs a run created, from their requests and their output items, in input order. */
export function startedJobs(
	requests: Array<{ req: JobRequest }>,
	results: ItemResult[],
): StartedJob[] {
	const started: StartedJob[] = [];
	requests.forEach(({ req }, pos) => {
		const items = results[pos];
		if (!req.create || !Array.isArray(items) || !items.length) return;
		const json = items[0].json;
		if (typeof json.job_id !== 'string' || !json.job_id) return;
		const status = json.status;
		const estimate = json.estimated_credits;
		started.push({
			kind: req.kind,
			running: status === 'queued' || status === 'processing',
			estimatedCredits: typeof estimate === 'number' ? estimate : undefined,
		});
	});
	return started;
}

export function runHints(started: StartedJob[]): NodeExecutionHint[] {
	const hints: NodeExecutionHint[] = [];
	const running = started.filter((j) => j.running);
	for (const kind of Object.keys(JOB_KINDS) as JobKind[]) {
		const n = running.filter((j) => j.kind === kind).length;
		if (!n) continue;
		const { resource: r, label } = JOB_KINDS[kind];
		hints.push({
			type: 'info',
			location: 'outputPane',
			message: `${jobs(n, label.toLowerCase())} ${n === 1 ? 'was' : 'were'} started and not waited for: finish ${n === 1 ? 'it' : 'them'} with ${r} > Check or ${r} > Download, by job_id.`,
		});
	}
	if (started.length) {
		const estimated = started.filter((j) => j.estimatedCredits !== undefined);
		const total = estimated.reduce((sum, j) => sum + (j.estimatedCredits ?? 0), 0);
		const missing = started.length - estimated.length;
		const subject =
			started.length === 1
				? 'The job of this run is'
				: `The ${jobs(started.length)} of this run are`;
		const message = !estimated.length
			? `${subject} without a credit estimate.`
			: `${subject} estimated at ${credits(Math.round(total * 100) / 100)}${started.length > 1 ? ' in all' : ''}${missing ? ` (${jobs(missing)} without an estimate)` : ''}.`;
		hints.push({ type: 'info', location: 'outputPane', message });
	}
	return hints;
}

/** Adds the run's hints where this n8n shows them (execution hints exist from n8n 1.x on). */
export function addRunHints(
	ctx: IExecuteFunctions,
	requests: Array<{ req: JobRequest }>,
	results: ItemResult[],
): void {
	const hints = runHints(startedJobs(requests, results));
	const add = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	if (hints.length && typeof add === 'function') add.call(ctx, ...hints);
}
