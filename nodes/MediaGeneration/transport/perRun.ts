import type { INode } from 'n8n-workflow';

/**
 * Values made or fetched at most once per node run (an execution of the node, or one options
 * lookup) and shared by every item and field of it: the node, whether it runs as a tool, the
 * credential's values and the model listings. They are kept against n8n's context object in a
 * WeakMap: never at module level, so that queue mode and concurrent executions stay independent
 * and the values go with the run, and never on the context itself, so that nothing which prints
 * the context can show the API key. A failed fetch is not kept: the next item or field tries again.
 */
const runs = new WeakMap<object, Map<string, unknown>>();

function valuesOf(ctx: object): Map<string, unknown> {
	let values = runs.get(ctx);
	if (!values) {
		values = new Map();
		runs.set(ctx, values);
	}
	return values;
}

export async function oncePerRun<T>(
	ctx: object,
	name: string,
	fetch: () => Promise<T>,
): Promise<T> {
	const values = valuesOf(ctx);
	const known = values.get(name) as Promise<T> | undefined;
	if (known) return await known;
	const fetched = fetch();
	values.set(name, fetched);
	fetched.catch(() => {
		if (values.get(name) === fetched) values.delete(name);
	});
	return await fetched;
}

/** A value worked out at once, at most once per node run. */
export function madeOncePerRun<T>(ctx: object, name: string, make: () => T): T {
	const values = valuesOf(ctx);
	if (!values.has(name)) values.set(name, make());
	return values.get(name) as T;
}

/**
 * The node, copied once per run: n8n's getNode() copies it deeply on every call, and errors,
 * requests and polls ask for it once each, thousands of times in a large batch.
 */
export function nodeOf(ctx: { getNode(): INode }): INode {
	return madeOncePerRun(ctx, 'node', () => ctx.getNode());
}
