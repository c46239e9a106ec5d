import { InputError } from './inputError';
import { kindOf, readText, shown, TEXT_LIMIT } from './values';

/**
 * Links to files on the web, as the form takes them. A list splits on new lines, spaces, and
 * commas that start another link: a comma inside a link stays (image services put them in paths,
 * `/w_400,h_300/`). Pure.
 */
const SEPARATOR = /\s+|,(?=\s*[a-z][a-z0-9+.-]*:)/i;

/** One link the node may fetch: http or https, with a host. */
export function checkUrl(text: string, label: string): string {
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		throw new InputError(
			`${label}: "${shown(text)}" is not a web link; give http:// or https:// links, separated by commas or new lines`,
		);
	}
	return text;
}

/** A list of links: text (see SEPARATOR) or an array from an expression; order is kept. */
export function parseUrlList(value: unknown, label: string): string[] {
	const parts = Array.isArray(value)
		? value.map((v) => {
				if (typeof v !== 'string') {
					throw new InputError(`${label}: each entry must be a link, not ${kindOf(v)}`);
				}
				return v;
			})
		: readText(value, label, TEXT_LIMIT, false).split(SEPARATOR);
	return parts
		.map((p) => p.trim())
		.filter(Boolean)
		.map((p) => checkUrl(p, label));
}

/**
 * A link as messages show it: whole, except a query string or fragment, which may hold a signed
 * link's secret (shown as "?…").
 */
export function shownUrl(link: string): string {
	try {
		const url = new URL(link);
		const hidden = url.search || url.hash ? '?…' : '';
		return `${url.origin}${url.pathname}${hidden}`;
	} catch {
		return shown(link);
	}
}
