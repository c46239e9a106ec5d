import { isHtmlPage, pageText } from './pageText';

/** What an error answer's body says, in words a user can read. */

/** A 2.10 validation body as one "field: message" line per item. */
export function formatValidationDetail(detail: unknown): string | undefined {
	if (!Array.isArray(detail)) return undefined;
	const lines = detail.map((item) => {
		const entry = (item ?? {}) as { loc?: unknown; msg?: unknown };
		const loc = Array.isArray(entry.loc) ? entry.loc.map(String).filter((p) => p !== 'body') : [];
		const field = loc.length ? loc.join('.') : 'body';
		return `${field}: ${typeof entry.msg === 'string' ? entry.msg : 'invalid'}`;
	});
	return lines.length ? lines.join('\n') : undefined;
}

/** The readable part of any error body: {detail}, {message}, {error}, plain text, or a 2.10 list. */
export function describeBody(body: unknown): string | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (Buffer.isBuffer(body)) return describeBody(body.toString('utf8'));
	if (typeof body === 'string') {
		try {
			return describeBody(JSON.parse(body));
		} catch {
			return pageText(body) || undefined;
		}
	}
	if (typeof body === 'object') {
		const o = body as Record<string, unknown>;
		const detail = o.detail ?? o.message ?? o.error ?? o.error_details;
		const asList = formatValidationDetail(detail);
		if (asList) return asList;
		if (typeof detail === 'string') return detail;
		if (detail && typeof detail === 'object') return describeBody(detail);
	}
	return undefined;
}

/** Status lines of the answers a load balancer or CDN gives for a service it cannot reach. */
const GATEWAY_REASON: Record<number, string> = {
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
	520: 'Unknown Error',
	521: 'Web Server Is Down',
	522: 'Connection Timed Out',
	523: 'Origin Is Unreachable',
	524: 'A Timeout Occurred',
};

/**
 * For a 5xx answered with an HTML page: words that say who answered. The service speaks JSON, so
 * such a page comes from the load balancer or CDN in front of it, which could not reach it.
 */
export function gatewayText(
	status: number,
	body: unknown,
	host: string | undefined,
): { message: string; hint: string } | undefined {
	if (status < 500) return undefined;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
	if (typeof text !== 'string' || !isHtmlPage(text)) return undefined;
	const said = pageText(text);
	const at = host ? ` at ${host}` : '';
	const reason = GATEWAY_REASON[status] ? ` ${GATEWAY_REASON[status]}` : '';
	return {
		message: `The service's load balancer${at} answered ${status}${reason}${said ? `: ${said}` : ''}`,
		hint: 'The network in front of the service could not reach it: an outage or overload, usually brief. Try again later.',
	};
}
