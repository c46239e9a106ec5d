import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * A small stand-in for n8n's execute context, for tests of how an operation maps its fields to
 * a request: parameters per item (dotted paths reach into collections, as n8n's do), the node,
 * and nothing that talks to the network. An operation that reaches for anything else fails the
 * test with the name of what it wanted.
 */
export function fakeContext(
	items: IDataObject[],
	node = { name: 'Media Generation' },
): IExecuteFunctions {
	const param = (name: string, itemIndex: number, fallback?: unknown): unknown => {
		let value: unknown = items[itemIndex];
		for (const key of name.split('.')) {
			value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		}
		return value === undefined ? fallback : value;
	};
	const known: Partial<IExecuteFunctions> = {
		getNodeParameter: param as IExecuteFunctions['getNodeParameter'],
		getNode: () => ({
			...node,
			id: 'test',
			type: 'n8n-nodes-media-generation.mediaGeneration',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getInputData: () => items.map((json) => ({ json })),
		continueOnFail: () => false,
	};
	return new Proxy(known as IExecuteFunctions, {
		get(target, prop) {
			if (prop in target) return target[prop as keyof IExecuteFunctions];
			if (prop === 'then') return undefined;
			throw new Error(`the fake execute context has no ${String(prop)}`);
		},
	});
}
