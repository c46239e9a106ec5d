import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { hasSlots, JOB_KIND_TERMS, type JobKind } from '../contract/jobs';
import { UPLOAD_LIMITS } from '../validation/fileType';
import { describeBody, gatewayText } from './errorBody';
import { isCreate, type Intent } from './intent';
import { neverSent, networkText } from './network';
import { ssrfWords, type SsrfRefusal } from './ssrf';

/** What the service said, reduced to what a user needs; nothing of the request is kept. */
export type ServiceFailure = {
	status?: number;
	networkCode?: string;
	body?: unknown;
	method: string;
	path: string;
	intent: Intent;
	/** the base URL's host, named when something in front of the service answered or n8n refused it */
	host?: string;
	/** n8n's SSRF protection refused the base URL's address (networkCode SSRF_REFUSED) */
	ssrf?: SsrfRefusal;
};

type Words = { message: string; hint: string };
type Text = { message: string; description: string };

const STATUS_WORDS: Record<number, Words> = {
	400: {
		message: 'The service refused the request',
		hint: 'Check the model, mode, resolution, duration, aspect ratio, reference inputs and voice or music ids against the model listing.',
	},
	401: {
		message: 'The API key was refused',
		hint: 'Check the API key in the Media Generation API credential (Workspace Settings > API keys).',
	},
	402: {
		message: 'Not enough credits, or the model is not on your plan',
		hint: 'Top up credits or choose a model that your plan includes.',
	},
	403: {
		message: 'Access denied',
		hint: 'The API key is invalid or the workspace has no active paid plan. Check the credential and the plan.',
	},
	404: {
		message: 'Not found',
		hint: 'The job, image or video does not exist or was created with another API key. Jobs are visible only to the user whose key created them.',
	},
	413: {
		message: 'The file is too large',
		hint: `Images may be at most ${UPLOAD_LIMITS.image.label} and videos at most ${UPLOAD_LIMITS.video.label}.`,
	},
	422: { message: 'The request was invalid', hint: 'Correct the fields named above.' },
};

/** A 429: "no slot free" for a kind of job the service runs a few at a time, else plain pacing. */
function tooMany(intent: Intent): Words {
	if (isCreate(intent) && hasSlots(intent.create)) {
		const { slots, label } = JOB_KIND_TERMS[intent.create];
		return {
			message: 'Too many jobs in flight',
			hint: `The service runs at most ${slots} ${label.toLowerCase()} jobs at a time per workspace. Wait for running jobs to finish, or ask support for a higher limit.`,
		};
	}
	return {
		message: 'Too many requests',
		hint: 'The service asked for fewer requests at a time. Wait a moment and try again.',
	};
}

/** What an HTTP status means, for any request. */
function statusWords(status: number, intent: Intent): Words {
	if (status === 429) return tooMany(intent);
	if (STATUS_WORDS[status]) return STATUS_WORDS[status];
	if (status >= 500)
		return { message: 'The service had an internal error', hint: 'Try again later.' };
	if (status >= 300 && status < 400) {
		return {
			message: 'The service answered with a redirect',
			hint: 'Set the Base URL to the final address of the service (for example https instead of http).',
		};
	}
	return { message: `The service answered ${status}`, hint: 'Check the request.' };
}

/** The failure's own words: the network's, or the status's with what the body said. */
function what(f: ServiceFailure): Words & { where: string } {
	const where = `${f.method} ${f.path}`;
	if (f.status === undefined && f.ssrf) {
		const words = ssrfWords(f.host ?? '', f.ssrf);
		return { where: `${where} was not sent to the Base URL's host.`, ...words };
	}
	if (f.status === undefined) {
		const code = f.networkCode ?? 'network error';
		return {
			where: `${where} got no answer (${code}).`,
			message: `${networkText(code)} (${code})`,
			hint: 'Check the Base URL in the credential and that the service is reachable.',
		};
	}
	const words = statusWords(f.status, f.intent);
	const gateway = gatewayText(f.status, f.body, f.host);
	const said = describeBody(f.body);
	return {
		where: `${where} returned ${f.status}.`,
		message: gateway?.message ?? (said ? `${words.message}: ${said}` : words.message),
		hint: gateway?.hint ?? words.hint,
	};
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

/** A read or an upload: it makes no job, and it was tried again already where that could help. */
function plainText(f: ServiceFailure): Text {
	const w = what(f);
	return { message: w.message, description: `${w.where} ${w.hint}` };
}

/** A create: whether the job of `kind` may exist, and how to find it before running the item again. */
function createText(f: ServiceFailure, kind: JobKind): Text {
	const w = what(f);
	if (!mayHaveCreated(f)) {
		const hint = f.status === undefined && !f.ssrf ? '' : ` ${w.hint}`;
		return {
			message: `${w.message}: no job was created`,
			description: `${w.where}${hint} No job was created for this item and nothing was charged, so running it again is safe.`,
		};
	}
	return {
		message: `${w.message}: the job may have been created`,
		description:
			`${w.where} The request may have reached the service and no job ID came back, so the job may exist and be charged. ` +
			`It was not sent again, because that could create and charge it twice. ` +
			`${howToFindJob(kind, Date.now())}; run this item again only if it is not there.`,
	};
}

/** How to find a job whose id never came back, created around `at` (ms). */
export function howToFindJob(kind: JobKind, at: number): string {
	const { resource } = JOB_KIND_TERMS[kind];
	return (
		`The API cannot list jobs: look for it in the service's web app (recent projects, credit usage) around ${new Date(at).toISOString()}. ` +
		`With its job ID, ${resource} > Download or ${resource} > Get fetches it`
	);
}

/**
 * What a create that may have made its job got instead of an answer ("HTTP 502", "ECONNRESET"),
 * as toNodeApiError noted it on the error; undefined for any other error.
 */
export function unansweredCreate(error: unknown): string | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const got = (error.context as { unansweredCreate?: unknown }).unansweredCreate;
	return typeof got === 'string' ? got : undefined;
}

/** Removes every occurrence of a secret from a text. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join('[redacted]');
}

/** The service's refusal (or the network's) as n8n's error, worded for what the request was for. */
export function toNodeApiError(
	node: INode,
	failure: ServiceFailure,
	secret: string | undefined,
	itemIndex?: number,
): NodeApiError {
	const text = isCreate(failure.intent)
		? createText(failure, failure.intent.create)
		: plainText(failure);
	const message = redact(text.message, secret);
	const description = redact(text.description, secret);
	const httpCode = failure.status !== undefined ? String(failure.status) : undefined;
	const response: JsonObject = { message, description };
	if (httpCode) response.httpCode = httpCode;
	const error = new NodeApiError(node, response, { message, description, httpCode, itemIndex });
	// n8n swaps a message that names a network code (ECONNRESET, …) for its own generic text,
	// which would drop whether the job may exist: keep ours
	error.message = message;
	if (isCreate(failure.intent) && mayHaveCreated(failure)) {
		error.context.unansweredCreate =
			failure.status !== undefined
				? `HTTP ${failure.status}`
				: (failure.networkCode ?? 'no answer');
	}
	return error;
}
