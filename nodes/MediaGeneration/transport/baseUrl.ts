/**
 * Normalises the credential's Base URL: trims it, drops trailing slashes, and accepts only
 * http and https. Returns undefined for anything else, so the caller can name the field.
 */
export function normalizeBaseUrl(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const trimmed = raw.trim().replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.search || url.hash) return undefined;
	return trimmed;
}
