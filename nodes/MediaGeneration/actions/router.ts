import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { Breather } from '../engine/limits/breather';
import { mapLimit } from '../engine/limits/mapLimit';
import { JobBatch, type ItemResult } from '../engine/batch/jobBatch';
import { priorTriesOf } from '../engine/batch/nodeMemory';
import type { JobRequest } from '../engine/jobs/types';
import { runDry } from './cost/dryRun';
import { withinRunBudget } from './cost/runBudgetCheck';
import { readRunCost } from './cost/runOptions';
import { resources, type ResourceName } from './node.type';
import type { ItemOperation, JobOperation, Operation, ToolOperation } from './operation.types';
import { addRunHints } from './runHints';
import { answerForAgent } from './tool/toolAnswer';
import { inToolMode } from './tool/toolMode';

/**
 * Items being checked at the same time before jobs are created. Reading an item's parameters
 * never waits; its check waits for the model listing, fetched once, and its reference files for
 * one of a few transfer slots (engine/limits/referenceSlots.ts). So the items are read while the
 * listing is on its way (a run's first request can take 100 ms and more, as n8n decrypts the
 * credential and its HTTP client warms up), rather than four at a time behind it.
 */
const READ_AHEAD = 64;
/**
 * Items being checked at the same time in a batch of more than READ_AHEAD items. Their reading
 * takes seconds and the listing is back long before it ends, so reading ahead gains nothing there;
 * a few at a time keeps a very large batch's reading from slowing its creates and downloads.
 */
const LARGE_BATCH_READERS = 4;

function findOperation(ctx: IExecuteFunctions, resource: string, operation: string): Operation {
	const ops = resources[resource as ResourceName] as Record<string, Operation> | undefined;
	const op = ops?.[operation];
	if (!op) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
		);
	}
	return op;
}

/** The error item of Continue On Fail: what happened, for this item only. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const e = error as {
		message?: string;
		description?: string;
		httpCode?: string | null;
		context?: IDataObject;
	};
	const json: IDataObject = { error: e.message ?? String(error) };
	if (e.description) json.description = e.description;
	if (typeof e.context?.jobId === 'string') json.job_id = e.context.jobId;
	if (error instanceof NodeApiError && e.httpCode) json.http_status = Number(e.httpCode);
	return { json, pairedItem: { item: itemIndex } };
}

/** Rethrows an item's error as the n8n error it should be, carrying the item's index. */
function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError) {
		error.context.itemIndex ??= itemIndex;
		return new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
	}
	if (error instanceof NodeOperationError) error.context.itemIndex ??= itemIndex;
	// hands back the same NodeOperationError, or wraps any other error with this item's index
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** Item by item, in input order (uploads, listings, job reads). */
async function runItems(
	ctx: IExecuteFunctions,
	op: ItemOperation,
	count: number,
	continueOnFail: boolean,
): Promise<ItemResult[]> {
	const results: ItemResult[] = [];
	for (let i = 0; i < count; i++) {
		try {
			results.push(await op.execute.call(ctx, i));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(ctx, error, i);
			results.push(error as Error);
		}
	}
	return results;
}

/**
 * Jobs: every item is checked first (nothing is created while any item is invalid, unless
 * Continue On Fail lets the valid ones go on), then the engine runs all jobs together. Items the
 * operation passes on (an upstream error item given to Check) go out as they came. As a tool, each
 * result is the answer an agent reads (see tool/toolAnswer.ts).
 */
async function runJobs(
	ctx: IExecuteFunctions,
	op: ToolOperation & Pick<JobOperation, 'passesOn' | 'prefetch'>,
	count: number,
	continueOnFail: boolean,
	asTool: boolean,
): Promise<ItemResult[]> {
	const cost = readRunCost(ctx);
	const passed = new Set<number>();
	for (let i = 0; i < count; i++) if (op.passesOn?.call(ctx, i)) passed.add(i);
	const indexes = Array.from({ length: count }, (_, i) => i).filter((i) => !passed.has(i));
	// on its way while the first item is read: only a failed fetch is asked again, by the item that
	// needs it, which then fails with the service's answer
	const prefetched = indexes.length ? op.prefetch?.call(ctx).catch(() => undefined) : undefined;
	// checking thousands of items takes seconds: n8n answers other requests meanwhile
	const breather = new Breather();
	const readers = indexes.length > READ_AHEAD ? LARGE_BATCH_READERS : READ_AHEAD;
	const checked = await mapLimit(indexes, readers, async (i) => {
		for (let breath = breather.due(); breath; breath = breather.due()) await breath;
		return await op.prepare.call(ctx, i);
	});
	// a run leaves no request behind: items refused before they needed the listing wait for it
	await prefetched;
	const prepared = withinRunBudget(ctx, cost.maxRunCredits, continueOnFail, indexes, checked);
	const firstFailure = prepared.findIndex((p) => !p.ok);
	if (firstFailure >= 0 && !continueOnFail) {
		const failed = prepared[firstFailure] as { error: unknown };
		throw asNodeError(ctx, failed.error, indexes[firstFailure]);
	}
	const requests: Array<{ itemIndex: number; req: JobRequest }> = [];
	prepared.forEach((p, pos) => {
		if (p.ok) requests.push({ itemIndex: indexes[pos], req: p.value });
	});
	let batchResults: ItemResult[];
	try {
		// a dry run ends here: every item checked and priced, nothing created
		batchResults = cost.dryRun
			? runDry(ctx, requests, prepared.length - requests.length)
			: await new JobBatch(ctx, requests, continueOnFail).run();
	} catch (error) {
		const itemIndex =
			((error as { context?: IDataObject }).context?.itemIndex as number | undefined) ?? 0;
		throw asNodeError(ctx, error, itemIndex);
	}
	const results: ItemResult[] = Array.from({ length: count }, (_, i) =>
		passed.has(i) ? [{ json: ctx.getInputData()[i].json }] : [],
	);
	prepared.forEach((p, pos) => {
		if (!p.ok) results[indexes[pos]] = p.error as Error;
	});
	requests.forEach((r, pos) => {
		const result = batchResults[pos];
		results[r.itemIndex] = asTool ? answerForAgent(ctx, r.req, result) : result;
	});
	if (!cost.dryRun) addRunHints(ctx, requests, batchResults);
	return results;
}

/**
 * Runs the chosen operation for every input item. Outputs keep the input order and each carries
 * pairedItem; with Continue On Fail (the node's setting, read by its execute()) a failing item
 * yields one error item and the rest go on. As an AI agent's tool, an operation runs as its tool
 * variant says, when it has one.
 */
export async function route(
	this: IExecuteFunctions,
	continueOnFail: boolean,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const found = findOperation(this, resource, operation);
	const asTool = inToolMode(this);
	const op = (asTool && found.asTool) || found;
	const results =
		'prepare' in op
			? await runJobs(this, op, items.length, continueOnFail, asTool)
			: await runItems(this, op, items.length, continueOnFail);
	const output: INodeExecutionData[] = [];
	results.forEach((result, i) => {
		if (result instanceof Error) output.push(errorItem(result, i));
		else for (const r of result) output.push({ ...r, pairedItem: { item: i } });
	});
	// a tool answers on one output (n8n gives an agent the first one only)
	const split = op === found && 'split' in found ? found.split : undefined;
	const outputs = split ? split(output) : [output];
	// n8n tries the node again only when it throws or its first item is an error item (Retry On
	// Fail): otherwise what this run's tries sent is settled and its records go
	if (outputs[0]?.[0]?.json.error === undefined) priorTriesOf(this).forgetRun();
	return outputs;
}
