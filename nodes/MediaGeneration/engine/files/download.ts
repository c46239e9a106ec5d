import type { IBinaryData, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { pause } from '../../transport/pause';
import { cancelledError } from '../../transport/cancelled';
import { header } from '../../transport/header';
import { networkCodeOf } from '../../transport/network';
import { ssrfRefusalOf, ssrfWords } from '../../transport/ssrf';
import { retryDelayMs } from '../../transport/retry';
import { RETRY_POLICY } from '../../transport/retryPolicy';
import { withTries } from '../../transport/tries';
import { readHead } from '../../transport/streamHead';
import { fileHostOf, isStaleLink, storageErrorCode } from './resultBody';
import type { Readable } from './relay';
import { FailedTransfer, NotStored, storeResult } from './storeResult';
import { nodeOf } from '../../transport/perRun';

/** A response of n8n's request helper asked for a stream and the full response. */
export type StreamResponse = {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: Readable;
};

/** How much of an error answer is read to tell an expired link from a final refusal. */
const ERROR_BODY_BYTES = 4096;

export type DownloadTarget = {
	kind: JobKind;
	jobId: string;
	url: string;
	itemIndex: number;
	/** the file name for the type the content turns out to be */
	fileName: (extension: string) => string;
	/** asks the job endpoint again for this file's link (links expire) */
	freshUrl: () => Promise<string>;
	signal: AbortSignal;
};

/**
 * The Content-Length of the bytes as they arrive. A body the HTTP client decompresses (gzip,
 * brotli) arrives as another stream than the raw response, and its header counts encoded bytes.
 */
export function arrivingLength(response: StreamResponse): number | undefined {
	const raw = typeof (response.body as { statusCode?: unknown }).statusCode === 'number';
	const length = Number(header(response.headers, 'content-length'));
	return raw && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The start of an error answer as text (the body is let go of afterwards). */
async function errorBodyStart(response: StreamResponse): Promise<string> {
	try {
		const { head } = await readHead(response.body, ERROR_BODY_BYTES);
		return head.toString('utf8');
	} catch {
		return '';
	} finally {
		response.body.destroy();
	}
}

/**
 * Streams one result file into n8n's binary data, never holding it whole in memory when n8n
 * stores binaries on disk. The link is fetched without the API key. An expired or refused link
 * gets a fresh one from the job endpoint; a dropped, cut-off, empty or foreign body (a CDN's
 * error page answered with 200) is tried again with a fresh link (a GET is safe to repeat).
 */
export async function downloadFile(
	ctx: IExecuteFunctions,
	target: DownloadTarget,
): Promise<IBinaryData> {
	const node = nodeOf(ctx);
	const fail = (message: string, description?: string) =>
		new NodeOperationError(node, message, { itemIndex: target.itemIndex, description });
	let url = target.url;
	let freshLinks = 0;
	let lastProblem = '';
	const stored = await withTries<IBinaryData>({
		limit: RETRY_POLICY.fileAttempts,
		waitAfter: async (failed) =>
			await pause(
				retryDelayMs({ intent: 'read', attempt: failed }, Date.now()),
				target.signal,
			).catch(() => {
				throw cancelledError(node, target.itemIndex);
			}),
		attempt: async () => {
			if (!url) {
				url = await target.freshUrl();
				if (!url) throw fail(`The service gave no download link for job ${target.jobId}`);
			}
			const options: IHttpRequestOptions = {
				method: 'GET',
				url,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: RETRY_POLICY.transferIdleMs,
				abortSignal: target.signal,
			};
			let response: StreamResponse | undefined;
			let stale = false;
			try {
				response = (await ctx.helpers.httpRequest(options)) as StreamResponse;
				const status = response.statusCode;
				if (status >= 200 && status < 300) {
					const value = await storeResult(ctx, {
						kind: target.kind,
						host: fileHostOf(url),
						status,
						body: response.body,
						expectedBytes: arrivingLength(response),
						fileName: target.fileName,
					});
					return { ok: true, value };
				}
				const text = await errorBodyStart(response);
				const code = storageErrorCode(text);
				lastProblem = `${fileHostOf(url)} answered ${status}${code ? ` (${code})` : ''}`;
				stale = isStaleLink(status, text);
				if (!stale && status < 500 && status !== 429) return { ok: false, again: false };
			} catch (error) {
				response?.body?.destroy?.();
				if (target.signal.aborted) throw cancelledError(node, target.itemIndex);
				if (error instanceof NotStored) {
					throw fail(
						`Could not store the result of job ${target.jobId} in n8n: ${error.message}`,
						'The job itself succeeded and keeps its result: run Download with this job ID once n8n can store the file.',
					);
				}
				const refusal = ssrfRefusalOf(error);
				if (refusal) {
					// refused before it was sent, and every try would be: not tried again
					const words = ssrfWords(new URL(url).host, refusal);
					throw fail(
						`Could not download the result of job ${target.jobId}: ${words.message}`,
						`${words.hint} The job itself succeeded and keeps its result: run Download with this job ID once the host is allowed.`,
					);
				}
				if (error instanceof FailedTransfer) {
					lastProblem = error.message;
					// a body that is not the media at all may come from a bad link: ask for a fresh one
					if (error.notMedia) url = '';
				} else {
					const code = networkCodeOf(error);
					lastProblem = code
						? `the connection failed (${code})`
						: `the transfer failed (${(error as Error)?.message ?? 'unknown error'})`;
				}
			}
			if (!stale) return { ok: false, again: true };
			// a link past its time is replaced at once; that is not a failed try
			if (freshLinks >= RETRY_POLICY.fileFreshLinks) return { ok: false, again: false };
			freshLinks++;
			url = await target.freshUrl();
			return { ok: false, again: true, counts: false };
		},
	});
	if (stored) return stored.value;
	throw fail(
		`Could not download the result of job ${target.jobId}: ${lastProblem}`,
		'The job itself succeeded and keeps its result: run Download with this job ID to try again.',
	);
}
