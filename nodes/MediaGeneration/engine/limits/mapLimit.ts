/**
 * Runs `task` for every value with at most `limit` running at once, starting them in order.
 * Results keep the order of `values`; a task that throws does not stop the others (its error is
 * returned in its place), so one bad item never hides what happened to the rest.
 */
export async function mapLimit<T, R>(
	values: readonly T[],
	limit: number,
	task: (value: T, index: number) => Promise<R>,
): Promise<Array<{ ok: true; value: R } | { ok: false; error: unknown }>> {
	const results = new Array<{ ok: true; value: R } | { ok: false; error: unknown }>(values.length);
	let next = 0;
	async function worker() {
		while (next < values.length) {
			const index = next++;
			try {
				results[index] = { ok: true, value: await task(values[index], index) };
			} catch (error) {
				results[index] = { ok: false, error };
			}
		}
	}
	const workers = Array.from(
		{ length: Math.max(1, Math.min(limit, values.length)) },
		async () => await worker(),
	);
	await Promise.all(workers);
	return results;
}
