import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { neverSent, networkText } from './network';
import { isHtmlPage, pageText } from './pageText';
import type { Intent } from './retry';

/** What the service said, reduced to what a user needs; nothing of the request is kept. */
export type ServiceFailure = {
	status?: number;
	networkCode?: string;
	body?: unknown;
	method: string;
	path: string;
	/** what the request was for (a create may have made a job; a read or an upload made none) */
	intent: Intent;
	/** a create: the node resource whose Get and Download fetch the job it makes */
	creates?: string;
	/** the base URL's host, named when something in front of the service answered */
	host?: string;
};

const STATUS_TEXT: Record<number, { message: string; hint: string }> = {
	400: {
		message: 'The service refused the request',
		hint: 'Check the model, mode, resolution, duration, aspect ratio, reference inputs and voice or music ids against the model listing.',
	},
	401: {
		message: 'The API key was refused',
		hint: 'Check the API key in the Media Generation API credential (Workspace Settings > API keys).',
	},
	403: {
		message: 'Access denied',
		hint: 'The API key is invalid or the workspace has no active paid plan. Check the credential and the plan.',
	},
	402: {
		message: 'Not enough credits, or the model is not on your plan',
		hint: 'Top up credits or choose a model that your plan includes.',
	},
	404: {
		message: 'Not found',
		hint: 'The job, image or video does not exist or was created with another API key. Jobs are visible only to the user whose key created them.',
	},
	413: {
		message: 'The file is too large',
		hint: 'Images may be at most 20 MB and videos at most 100 MB.',
	},
	422: {
		message: 'The request was invalid',
		hint: 'Correct the fields named above.',
	},
	429: {
		message: 'Too many jobs in flight',
		hint: 'The service allows 5 audio jobs at a time. Wait for running jobs to finish, or ask support for a higher limit.',
	},
};

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
function gatewayText(failure: ServiceFailure): { message: string; hint: string } | undefined {
	const { status, body } = failure;
	if (status === undefined || status < 500) return undefined;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
	if (typeof text !== 'string' || !isHtmlPage(text)) return undefined;
	const said = pageText(text);
	const at = failure.host ? ` at ${failure.host}` : '';
	const reason = GATEWAY_REASON[status] ? ` ${GATEWAY_REASON[status]}` : '';
	return {
		message: `The service's load balancer${at} answered ${status}${reason}${said ? `: ${said}` : ''}`,
		hint: 'The network in front of the service could not reach it: an outage or overload, usually brief. Try again later.',
	};
}

/** Removes every occurrence of a secret from a text. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join('[redacted]');
}

/**
 * For a create request that failed: whether the job may exist on the service. It may when the
 * request reached the service and no clear refusal came back (5xx, a reset, no answer in time);
 * it does not after a 4xx (429 included) or when no connection was made.
 */
export function mayHaveCreated(failure: ServiceFailure): boolean {
	if (failure.status !== undefined) return failure.status >= 500;
	return !neverSent(failure.networkCode);
}

/** What a failed create means for the job, in words: one sentence for the message, one for help. */
function createOutcome(failure: ServiceFailure, resource: string) {
	if (!mayHaveCreated(failure)) {
		return {
			short: 'no job was created',
			help: 'No job was created for this item and nothing was charged, so running it again is safe.',
		};
	}
	const at = new Date().toISOString();
	return {
		short: 'the job may have been created',
		help:
			`The request may have reached the service and no job ID came back, so the job may exist and be charged. ` +
			`It was not sent again, because that could create and charge it twice. ` +
			`The API cannot list jobs: look for it in the service's web app (recent projects, credit usage) around ${at}. ` +
			`With its job ID, ${resource} > Download or ${resource} > Get fetches it; run this item again only if it is not there.`,
	};
}

export function toNodeApiError(
	node: INode,
	failure: ServiceFailure,
	secret: string | undefined,
	itemIndex?: number,
): NodeApiError {
	const where = `${failure.method} ${failure.path}`;
	let message: string;
	let description: string;
	if (failure.status === undefined) {
		const code = failure.networkCode ?? 'network error';
		message = `${networkText(code)} (${code})`;
		description =
			failure.intent === 'create'
				? `${where}: the service may or may not have started the job, so it was not sent again. Check the Base URL and the service, then look for the job before running this item again.`
				: `${where}: check the Base URL in the credential and that the service is reachable.`;
	} else {
		const known = STATUS_TEXT[failure.status] ?? {
			message:
				failure.status >= 500
					? 'The service had an internal error'
					: failure.status >= 300 && failure.status < 400
						? 'The service answered with a redirect'
						: `The service answered ${failure.status}`,
			hint:
				failure.status >= 500
					? 'Try again later.'
					: failure.status >= 300 && failure.status < 400
						? 'Set the Base URL to the final address of the service (for example https instead of http).'
						: 'Check the request.',
		};
		const said = describeBody(failure.body);
		const gateway = gatewayText(failure);
		message = gateway?.message ?? (said ? `${known.message}: ${said}` : known.message);
		const hint =
			failure.intent === 'create' && failure.status >= 500
				? 'The service may have started the job anyway, so it was not sent again (that could charge twice). Check for the job before running this item again.'
				: (gateway?.hint ?? known.hint);
		description = `${where} returned ${failure.status}. ${hint}`;
	}
	const resource = failure.intent === 'create' ? failure.creates : undefined;
	if (resource) {
		const outcome = createOutcome(failure, resource);
		message = `${message}: ${outcome.short}`;
		description = `${failure.status === undefined ? `${where} got no answer (${failure.networkCode ?? 'network error'}).` : `${where} returned ${failure.status}.`} ${
			failure.status !== undefined && failure.status < 500
				? `${STATUS_TEXT[failure.status]?.hint ?? 'Check the request.'} `
				: ''
		}${outcome.help}`;
	}
	const safeMessage = redact(message, secret);
	const safeDescription = redact(description, secret);
	const response: JsonObject = { message: safeMessage, description: safeDescription };
	if (failure.status !== undefined) response.httpCode = String(failure.status);
	const error = new NodeApiError(node, response, {
		message: safeMessage,
		description: safeDescription,
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex,
	});
	// n8n swaps a message that names a network code (ECONNRESET, …) for its own generic text,
	// which would drop whether the job may exist: keep ours
	error.message = safeMessage;
	return error;
}
