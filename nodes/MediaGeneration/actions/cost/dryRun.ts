import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ItemResult } from '../../engine/batch/jobBatch';
import type { JobRequest } from '../../engine/jobs/types';
import { credits } from './runBudget';

/**
 * A dry run's output: every item checked as a real run checks it, and priced, with nothing
 * created or uploaded. Each item says what its job would be (model, mode, resolution, duration)
 * and cost; the run's total is an execution hint above the output.
 */

/** The output item of one create that a dry run priced instead of sending. */
export function dryRunItem(req: JobRequest): INodeExecutionData[] {
	const json: IDataObject = { dry_run: true, ...req.json };
	// ids of files a real run would upload first do not exist yet
	delete json.reference_image_ids;
	json.estimated_credits = req.estimate?.credits ?? null;
	if (req.estimate) json.estimate_basis = req.estimate.basis;
	if (req.estimate?.upperBound) json.estimate_is_upper_bound = true;
	return [{ json }];
}

/** "12 items, 1,440 credits estimated; nothing was created." */
export function dryRunHint(requests: Array<{ req: JobRequest }>, failed: number): string {
	const n = requests.length;
	const known = requests.filter((r) => r.req.estimate?.credits !== undefined);
	// Stryker disable next-line OptionalChaining: only items with an estimate are added here
	const total = known.reduce((sum, r) => sum + (r.req.estimate?.credits ?? 0), 0);
	const bounds = requests.filter((r) => r.req.estimate?.upperBound).length;
	const notes = [
		n > known.length ? `${n - known.length} without an estimate` : '',
		bounds ? `${bounds} ${bounds === 1 ? 'is an upper bound' : 'are upper bounds'}` : '',
	].filter(Boolean);
	const failing = failed ? `, ${failed} ${failed === 1 ? 'item' : 'items'} would fail` : '';
	return `${n} ${n === 1 ? 'item' : 'items'}, ${credits(total)} estimated${notes.length ? ` (${notes.join(', ')})` : ''}${failing}; nothing was created.`;
}

/** The dry run's outputs, in the order of its requests, and its hint. */
export function runDry(
	ctx: IExecuteFunctions,
	requests: Array<{ req: JobRequest }>,
	failed: number,
): ItemResult[] {
	const add = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	const message = dryRunHint(requests, failed);
	if (typeof add === 'function') add.call(ctx, { type: 'info', location: 'outputPane', message });
	return requests.map((r) => dryRunItem(r.req));
}
