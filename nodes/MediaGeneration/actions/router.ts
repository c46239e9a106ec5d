import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { resources, type ResourceName } from './node.type';
import type { Operation } from './operation.types';

function findOperation(ctx: IExecuteFunctions, resource: string, operation: string): Operation {
	const ops = resources[resource as ResourceName] as Record<string, Operation> | undefined;
	const op = ops?.[operation];
	if (!op) {
		throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" of resource "${resource}" is not supported`);
	}
	return op;
}

/** The error item of Continue On Fail: what happened, for this item only. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const e = error as { message?: string; description?: string; httpCode?: string | null };
	const json: IDataObject = { error: e.message ?? String(error) };
	if (e.description) json.description = e.description;
	if (error instanceof NodeApiError && e.httpCode) json.http_status = Number(e.httpCode);
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * Runs the chosen operation for every input item. Outputs keep the input order and each carries
 * pairedItem; with Continue On Fail a failing item yields one error item and the rest go on.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = findOperation(this, resource, operation);
	const output: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const results = await op.execute.call(this, i);
			for (const r of results) output.push({ ...r, pairedItem: { item: i } });
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem(error, i));
				continue;
			}
			if (error instanceof NodeApiError) {
				error.context.itemIndex ??= i;
				throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			}
			if (error instanceof NodeOperationError) error.context.itemIndex ??= i;
			// hands back the same NodeOperationError, or wraps any other error with this item's index
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
		}
	}
	return [output];
}
