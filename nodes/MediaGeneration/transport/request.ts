import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizeBaseUrl } from './baseUrl';
import { cancelledError } from './cancelled';
import { toNodeApiError } from './errors';
import { header } from './header';
import { StreamedForm } from './multipart';
import { nodeOf, oncePerRun } from './perRun';
import { paceOf, type Refusal } from './pace';
import { networkCodeOf } from './network';
import { ssrfRefusalOf, type SsrfRefusal } from './ssrf';
import { intentName, isCreate, type Intent } from './intent';
import { isRetryable, isRetryableFailure, type Attempt } from './retry';
import { RETRY_POLICY } from './retryPolicy';
import { withTries } from './tries';

export const CREDENTIAL_NAME = 'mediaGenerationApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions;

export type ApiRequest = {
	method: 'GET' | 'POST';
	/** path below the base URL, starting with "/" */
	path: string;
	/** JSON body, or a factory for a single-use body (multipart) that is built again for each try */
	body?: IDataObject | (() => FormData | StreamedForm);
	itemIndex?: number;
	/** per-try timeout in milliseconds */
	timeoutMs?: number;
	/** what the request is for (a create: which kind of job): which failures are tried again, and how errors read */
	intent: Intent;
	/** false: a 429 is handed back to the caller at once (audio creates wait for a free slot) */
	retryOn429?: boolean;
	/** a read tried again until this time (its job's Maximum Wait), not a fixed number of times */
	until?: number;
	/** ends the waits between tries (default: the execution's cancel signal) */
	signal?: AbortSignal;
};

type FullResponse = {
	statusCode: number;
	headers: Record<string, string | string[]>;
	body: unknown;
};

function isAbort(ctx: ApiContext, error: unknown): boolean {
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	return Boolean(signal?.aborted) || (error as { name?: string })?.name === 'AbortError';
}

type Connection = { baseUrl: string; apiKey: string };

async function readConnection(
	ctx: ApiContext,
	node: INode,
	itemIndex?: number,
): Promise<Connection> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	if (!baseUrl) {
		throw new NodeOperationError(
			node,
			'Base URL in the Media Generation API credential must be an http:// or https:// address, for example https://api.example.com/v1',
			{ itemIndex },
		);
	}
	return {
		baseUrl,
		apiKey: typeof credentials.apiKey === 'string' ? credentials.apiKey : '',
	};
}

/**
 * The credential's values, read once per node run. n8n decrypts a credential on every read, and
 * its request helper with authentication reads it and evaluates the credential's header
 * expression on every request: about 1 ms of CPU per request, the largest cost of a batch of a
 * thousand items (measured with `--cpu-prof`). A credential is the same for every item of a run.
 */
export async function getConnection(
	ctx: ApiContext,
	node: INode,
	itemIndex?: number,
): Promise<Connection> {
	return await oncePerRun(ctx, 'connection', () => readConnection(ctx, node, itemIndex));
}

/** Which requests back off together (see pace.ts): creates, uploads and reads, per resource. */
function kindOf(req: ApiRequest): string {
	return `${intentName(req.intent)} ${req.path.split('/')[1]}`;
}

/** One try: the service's answer, or the network error that stood in for one. */
async function tryOnce(
	ctx: ApiContext,
	req: ApiRequest,
	{ baseUrl, apiKey }: Connection,
): Promise<{ response?: FullResponse; networkCode?: string; ssrf?: SsrfRefusal }> {
	const body = typeof req.body === 'function' ? req.body() : req.body;
	const streamed = body instanceof StreamedForm ? body : undefined;
	const multipart = body instanceof FormData || Boolean(streamed);
	const options: IHttpRequestOptions = {
		method: req.method,
		url: `${baseUrl}${req.path}`,
		body: body as IHttpRequestOptions['body'],
		json: !multipart,
		headers: { ...streamed?.headers(), 'X-API-KEY': apiKey },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		// an idle timeout: a long upload that keeps sending is not cut off
		timeout: req.timeoutMs ?? 60_000,
	};
	try {
		return { response: (await ctx.helpers.httpRequest(options)) as FullResponse };
	} catch (error) {
		if (isAbort(ctx, error)) throw cancelledError(nodeOf(ctx), req.itemIndex);
		streamed?.assertWhole(nodeOf(ctx), req.itemIndex);
		return { networkCode: networkCodeOf(error) ?? 'ENETWORK', ssrf: ssrfRefusalOf(error) };
	} finally {
		streamed?.close();
	}
}

/**
 * The one way this node talks to the service. The API key goes in the X-API-KEY header, as the
 * credential declares it, and only ever to the configured base URL: the URL is built here from
 * it, and redirects are not followed, so the key cannot travel to another host. Errors become
 * NodeApiErrors without any trace of the key.
 */
export async function apiRequest<T>(ctx: ApiContext, req: ApiRequest): Promise<T> {
	const node = nodeOf(ctx);
	if (!req.path.startsWith('/')) throw new NodeOperationError(node, `Invalid API path ${req.path}`);
	const connection = await getConnection(ctx, node, req.itemIndex);
	const host = new URL(connection.baseUrl).host;
	const signal =
		req.signal ?? ('getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined);
	const pace = await paceOf(ctx, kindOf(req));
	const limit = isCreate(req.intent) ? RETRY_POLICY.createAttempts : RETRY_POLICY.readAttempts;
	const failed = (refusal: Refusal) => {
		const { method, path, intent } = req;
		const error = toNodeApiError(
			node,
			{ ...refusal, method, path, intent, host },
			connection.apiKey,
			req.itemIndex,
		);
		if (refusal.retryAfter !== undefined) error.context.retryAfter = refusal.retryAfter;
		return error;
	};
	let notBefore = 0;
	// the latest refusal: what the request fails with when no try is left
	let last: Refusal | undefined;
	const answered = await withTries<T>({
		// the tries are counted by the retry rules (isRetryable) and the kind's pace
		limit: Infinity,
		attempt: async (attempt) => {
			const ticket = await pace.turn({ notBefore, limit, until: req.until, signal }).catch(() => {
				throw cancelledError(node, req.itemIndex);
			});
			if (!ticket) {
				last ??= pace.last ?? {};
				return { ok: false, again: false };
			}
			try {
				const { response, networkCode, ssrf } = await tryOnce(ctx, req, connection);
				const status = response?.statusCode;
				if (status !== undefined && status >= 200 && status < 300) {
					pace.answered();
					return { ok: true, value: response!.body as T };
				}
				const retryAfter = response ? header(response.headers, 'retry-after') : undefined;
				last = { status, networkCode, ssrf, body: response?.body, retryAfter };
				const tryInfo: Attempt = { intent: req.intent, attempt, status, networkCode, retryAfter };
				// audio creates: a 429 means "no slot free", which the engine waits out itself
				if (status === 429 && req.retryOn429 === false) return { ok: false, again: false };
				if (isRetryableFailure(tryInfo)) {
					notBefore = pace.refused(ticket, last, Date.now(), attempt);
				} else if (status !== undefined && status < 500) {
					pace.answered();
				}
				return { ok: false, again: isRetryable({ ...tryInfo, until: req.until }) };
			} finally {
				pace.release(ticket);
			}
		},
	});
	if (answered) return answered.value;
	throw failed(last ?? {});
}
