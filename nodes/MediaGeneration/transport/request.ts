import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { normalizeBaseUrl } from './baseUrl';
import { toNodeApiError } from './errors';
import { StreamedForm } from './multipart';
import { oncePerRun } from './perRun';
import { isRetryable, retryDelayMs } from './retry';

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
	/** false: a 429 is handed back to the caller at once (audio creates wait for a free slot) */
	retryOn429?: boolean;
	/** a POST that costs nothing and may be sent again like a read (uploads) */
	free?: boolean;
};

type FullResponse = {
	statusCode: number;
	headers: Record<string, string | string[]>;
	body: unknown;
};

/** Finds the network error code (ECONNREFUSED, …) in whatever n8n's request helper threw. */
export function networkCodeOf(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const e = current as { code?: unknown; cause?: unknown; message?: unknown };
		if (typeof e.code === 'string' && /^E[A-Z_]+$|^UND_ERR/.test(e.code)) return e.code;
		if (typeof e.message === 'string') {
			const m =
				/\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|ECONNABORTED)\b/.exec(
					e.message,
				);
			if (m) return m[1];
			if (/socket hang up/i.test(e.message)) return 'ECONNRESET';
			if (/timeout/i.test(e.message)) return 'ETIMEDOUT';
		}
		current = e.cause;
	}
	return undefined;
}

function isAbort(ctx: ApiContext, error: unknown): boolean {
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	return Boolean(signal?.aborted) || (error as { name?: string })?.name === 'AbortError';
}

function header(headers: FullResponse['headers'], name: string): string | undefined {
	const v = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(v) ? v[0] : v;
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

/**
 * The one way this node talks to the service. The API key goes in the X-API-KEY header, as the
 * credential declares it, and only ever to the configured base URL: the URL is built here from
 * it, and redirects are not followed, so the key cannot travel to another host. Errors become
 * NodeApiErrors without any trace of the key.
 */
export async function apiRequest<T>(ctx: ApiContext, req: ApiRequest): Promise<T> {
	const node = ctx.getNode();
	if (!req.path.startsWith('/')) throw new NodeOperationError(node, `Invalid API path ${req.path}`);
	const { baseUrl, apiKey } = await getConnection(ctx, node, req.itemIndex);
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	for (let attempt = 1; ; attempt++) {
		const body = typeof req.body === 'function' ? req.body() : req.body;
		const multipart = body instanceof FormData || body instanceof StreamedForm;
		const options: IHttpRequestOptions = {
			method: req.method,
			url: `${baseUrl}${req.path}`,
			body: body as IHttpRequestOptions['body'],
			json: !multipart,
			headers: { 'X-API-KEY': apiKey },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			// an idle timeout: a long upload that keeps sending is not cut off
			timeout: req.timeoutMs ?? 60_000,
		};
		let response: FullResponse | undefined;
		let networkCode: string | undefined;
		try {
			response = (await ctx.helpers.httpRequest(options)) as FullResponse;
		} catch (error) {
			if (isAbort(ctx, error))
				throw new NodeOperationError(node, 'The execution was cancelled', {
					itemIndex: req.itemIndex,
				});
			networkCode = networkCodeOf(error) ?? 'ENETWORK';
		} finally {
			if (body instanceof StreamedForm) body.close();
		}
		const status = response?.statusCode;
		if (status !== undefined && status >= 200 && status < 300) return response!.body as T;
		const tryInfo = {
			method: req.free ? ('GET' as const) : req.method,
			attempt,
			status,
			networkCode,
			retryAfter: response ? header(response.headers, 'retry-after') : undefined,
		};
		if (!isRetryable(tryInfo) || (status === 429 && req.retryOn429 === false)) {
			const error = toNodeApiError(
				node,
				{ status, networkCode, body: response?.body, method: req.method, path: req.path },
				apiKey,
				req.itemIndex,
			);
			if (tryInfo.retryAfter !== undefined) error.context.retryAfter = tryInfo.retryAfter;
			throw error;
		}
		try {
			await sleep(retryDelayMs(tryInfo, Date.now()), signal);
		} catch {
			throw new NodeOperationError(node, 'The execution was cancelled', {
				itemIndex: req.itemIndex,
			});
		}
	}
}
