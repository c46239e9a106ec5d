/** An error and its causes, outermost first, each an object; a cause met twice ends the chain. */
export function errorChain(error: unknown): Array<Record<string, unknown>> {
	const chain: Array<Record<string, unknown>> = [];
	let current: unknown = error;
	while (current && typeof current === 'object' && !chain.includes(current as never)) {
		chain.push(current as Record<string, unknown>);
		current = (current as { cause?: unknown }).cause;
	}
	return chain;
}
