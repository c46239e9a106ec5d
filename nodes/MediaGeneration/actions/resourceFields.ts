import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './operation.types';

const operationSelector: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	default: '',
};

/**
 * A resource's part of the form: its Operation selector (`choices`, opening on `first`), then each
 * operation's fields, shown only for that resource and operation (n8n's updateDisplayOptions adds
 * the condition to every field, keeping any condition of the field's own, such as the video mode).
 */
export function resourceFields(
	resource: string,
	selector: { choices: INodePropertyOptions[]; first: string },
	operations: Record<string, Operation>,
): INodeProperties[] {
	const operation = { ...operationSelector, options: selector.choices, default: selector.first };
	return [
		...updateDisplayOptions({ show: { resource: [resource] } }, [operation]),
		...Object.entries(operations).flatMap(([name, op]) =>
			updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, op.description),
		),
	];
}
