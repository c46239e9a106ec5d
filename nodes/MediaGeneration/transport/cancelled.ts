import { NodeOperationError, type INode } from 'n8n-workflow';

/** The error of work stopped because the execution was cancelled; `during` says what it was doing. */
export function cancelledError(node: INode, itemIndex?: number, during?: string) {
	const message = `The execution was cancelled${during ? ` ${during}` : ''}`;
	return new NodeOperationError(node, message, { itemIndex });
}
