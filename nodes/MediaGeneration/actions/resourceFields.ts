import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './operation.types';

/**
 * A resource's part of the form: its Operation selector, then each operation's fields, shown only
 * for that resource and operation (n8n's updateDisplayOptions adds the condition to every field,
 * keeping any condition of the field's own, such as the video mode).
 */
export function resourceFields(
	resource: string,
	selector: INodeProperties,
	operations: Record<string, Operation>,
): INodeProperties[] {
	return [
		...updateDisplayOptions({ show: { resource: [resource] } }, [selector]),
		...Object.entries(operations).flatMap(([name, op]) =>
			updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, op.description),
		),
	];
}
