import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../validation/inputError';
import { readBoolean, readNumber } from '../../validation/values';

/**
 * The two cost options of every Generate: Dry Run, and Max Credits for the Run. Both are settings
 * of the whole run, read from the first item's Options.
 */

export const runCostOptions: INodeProperties[] = [
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		description:
			"Whether to check every item as a real run does and output its estimated cost (estimated_credits, dry_run true), creating and uploading nothing. The run's total shows above the output.",
	},
	{
		displayName: 'Max Credits for the Run',
		name: 'maxRunCredits',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0 },
		description:
			"Largest estimated cost allowed for all of this run's items together, added in input order. Items that would pass it fail before any job is created; without Continue On Fail the whole run fails first. 0: no limit.",
	},
];

export type RunCost = { dryRun: boolean; maxRunCredits: number };

function runOptions(ctx: IExecuteFunctions): IDataObject {
	if (!ctx.getInputData().length) return {};
	return ctx.getNodeParameter('options', 0, {}) as IDataObject;
}

/** Whether this run only checks and prices its items: nothing is created or uploaded. */
export function isDryRun(ctx: IExecuteFunctions): boolean {
	return readBoolean(runOptions(ctx).dryRun, 'Dry Run', false);
}

function readOptions(ctx: IExecuteFunctions): RunCost {
	const o = runOptions(ctx);
	const maxRunCredits = readNumber(o.maxRunCredits, 'Max Credits for the Run', 0);
	if (!(maxRunCredits >= 0))
		throw new InputError(
			`Max Credits for the Run must be 0 (no limit) or more, not ${maxRunCredits}`,
		);
	return { dryRun: isDryRun(ctx), maxRunCredits };
}

/** The run's cost options; a bad value fails the whole run before any item is read. */
export function readRunCost(ctx: IExecuteFunctions): RunCost {
	try {
		return readOptions(ctx);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: 0 });
	}
}
