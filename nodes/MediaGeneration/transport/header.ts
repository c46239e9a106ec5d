/** A response header's value, the first when it came more than once; `name` in lower case. */
export function header(
	headers: Record<string, string | string[] | undefined> | undefined,
	name: string,
): string | undefined {
	const v = headers?.[name];
	return Array.isArray(v) ? v[0] : v;
}
