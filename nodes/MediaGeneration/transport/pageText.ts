/**
 * The readable text of an error page. A load balancer or CDN in front of the service answers
 * with HTML pages of its own (Cloudflare's "502 Bad gateway", an nginx default page): their
 * markup, styles and scripts mean nothing in an n8n error message, and they run to kilobytes.
 */

/** The longest page text an error message quotes, in characters. */
export const PAGE_TEXT_MAX = 200;

const ENTITIES = new Map<string, string>(
	Object.entries({
		amp: '&',
		lt: '<',
		gt: '>',
		quot: '"',
		apos: "'",
		nbsp: ' ',
		bull: '•',
		middot: '·',
		ndash: '–',
		mdash: '—',
		hellip: '…',
		copy: '©',
		reg: '®',
		trade: '™',
		lsquo: '‘',
		rsquo: '’',
		ldquo: '“',
		rdquo: '”',
		laquo: '«',
		raquo: '»',
		larr: '←',
		rarr: '→',
		times: '×',
		deg: '°',
		euro: '€',
		pound: '£',
		check: '✓',
		shy: '',
	}),
);

/**
 * Decimal, hexadecimal and the common named character references as their characters; a rarer
 * named one as a space, so that no reference is left in a message.
 */
export function decodeEntities(text: string): string {
	return text.replace(
		/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi,
		(_whole, ref: string) => {
			if (ref[0] !== '#') return ENTITIES.get(ref) ?? ENTITIES.get(ref.toLowerCase()) ?? ' ';
			const code = /^#x/i.test(ref) ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
			const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
			return valid ? String.fromCodePoint(code) : ' ';
		},
	);
}

/** Whether a body is an HTML page rather than the service's own JSON or plain text. */
export function isHtmlPage(text: string): boolean {
	return (
		/^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(text) ||
		/<\/(html|head|body|title|h1|p|div|center)\s*>/i.test(text)
	);
}

/** `text` cut to `max` characters at a word, with an ellipsis when something was cut. */
function shorten(text: string, max: number): string {
	if (text.length <= max) return text;
	const cut = text.slice(0, max - 1);
	const space = cut.lastIndexOf(' ');
	return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * An HTML page or plain text as one line of plain text: no comments, scripts, styles or other
 * markup, character references decoded, control characters and runs of white space folded into
 * single spaces, at most `max` characters.
 */
export function pageText(body: string, max = PAGE_TEXT_MAX): string {
	const withoutMarkup = body
		.replace(/<!--[\s\S]*?(-->|$)/g, ' ')
		.replace(/<(script|style|noscript|template|svg)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
		.replace(/<\/?[a-z!?][^>]*(>|$)/gi, ' ');
	const text = decodeEntities(withoutMarkup)
		.replace(/\p{Cc}/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return shorten(text, max);
}
