/**
 * Values fetched at most once per node run (an execution of the node, or one options lookup)
 * and shared by every item and field of it: the credential's values and the model listings.
 * They are kept against n8n's context object in a WeakMap: never at module level, so that queue
 * mode and concurrent executions stay independent and the values go with the run, and never on
 * the context itself, so that nothing which prints the context can show the API key. A failed
 * fetch is not kept: the next item or field tries again.
 */
const runs = new WeakMap<object, Map<string, Promise<unknown>>>();

export async function oncePerRun<T>(
	ctx: object,
	name: string,
	fetch: () => Promise<T>,
): Promise<T> {
	let values = runs.get(ctx);
	if (!values) {
		values = new Map();
		runs.set(ctx, values);
	}
	const known = values.get(name) as Promise<T> | undefined;
	if (known) return await known;
	const fetched = fetch();
	values.set(name, fetched);
	fetched.catch(() => {
		if (values.get(name) === fetched) values.delete(name);
	});
	return await fetched;
}
