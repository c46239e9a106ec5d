import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PriorTries } from './priorTries';

/**
 * The records of earlier tries (priorTries.ts) for this run of the node, kept in the node's
 * execution context (`getContext('node')`). n8n keeps that object in the execution's data: every
 * try of one node run sees the same object (Retry On Fail runs the node again on the same
 * execution data), it is saved with the execution, and a retry from the Executions list starts
 * from the saved copy with the failed run's index again. The run index keeps the records of a
 * node run again in a loop apart.
 *
 * A context without execution data (a bare test context) gets records of its own, which last as
 * long as this one call.
 */
export function priorTriesOf(ctx: IExecuteFunctions): PriorTries {
	try {
		const context = ctx.getContext('node') as IDataObject;
		return new PriorTries(context, ctx.getWorkflowDataProxy(0).$runIndex as number);
	} catch {
		// no execution data: nothing earlier to take up
		return new PriorTries({}, 0);
	}
}
