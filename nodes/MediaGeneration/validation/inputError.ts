/**
 * A problem with the node's parameters, found before anything is sent. The message names the
 * field and the allowed values; the router turns it into a NodeOperationError for the item.
 */
export class InputError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'InputError';
	}
}

export function list(values: readonly unknown[]): string {
	return values.length ? values.map(String).join(', ') : 'none';
}
