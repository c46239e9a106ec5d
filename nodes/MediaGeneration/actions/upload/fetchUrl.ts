import { createHash } from 'crypto';
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { arrivingLength, type StreamResponse } from '../../engine/files/download';
import { FailedTransfer, NotStored, storeResult } from '../../engine/files/storeResult';
import { cancelledError } from '../../transport/cancelled';
import { networkCodeOf, retriesAfter } from '../../transport/network';
import { ssrfRefusalOf, ssrfWords } from '../../transport/ssrf';
import { pause } from '../../transport/pause';
import { retryDelayMs } from '../../transport/retry';
import { RETRY_POLICY } from '../../transport/retryPolicy';
import { withTries } from '../../transport/tries';
import { sniffImageType, sniffVideoType, UPLOAD_LIMITS } from '../../validation/fileType';
import { InputError } from '../../validation/inputError';
import { shownUrl } from '../../validation/urls';
import type { UploadFile, UploadKind } from './uploadBinary';
import {
	baseName,
	declaredLength,
	HOST_FAILURES,
	letGo,
	mb,
	storedSource,
	Watch,
} from './urlTransfer';
import { nodeOf } from '../../transport/perRun';

/**
 * Fetches a reference file given by link, for an upload. The request carries no API key (it is
 * n8n's plain request helper, not the credential's). The file streams into n8n's binary data
 * with the checks a result download has: its type from its bytes (the kind the field takes), its
 * whole length (Content-Length and what n8n stored), and the upload limits (size, and a video's
 * length read from its header). Network failures, 5xx and 429 are tried again; anything else
 * fails at once, naming the field and the link. Nothing is uploaded or created before this.
 */
export async function fetchUploadFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: UploadKind,
	link: string,
	label: string,
): Promise<UploadFile> {
	const node = nodeOf(ctx);
	const limits = UPLOAD_LIMITS[kind];
	const where = shownUrl(link);
	const signal = ctx.getExecutionCancelSignal();
	const waits = signal ?? new AbortController().signal;
	let problem = '';
	let final: InputError | undefined;
	const fetched = await withTries<UploadFile>({
		limit: RETRY_POLICY.linkAttempts,
		waitAfter: async (failed) =>
			await pause(retryDelayMs({ intent: 'read', attempt: failed }, Date.now()), waits).catch(
				() => {
					throw cancelledError(node, itemIndex);
				},
			),
		attempt: async () => {
			const options: IHttpRequestOptions = {
				method: 'GET',
				url: link,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: RETRY_POLICY.transferIdleMs,
				abortSignal: signal,
			};
			let response: StreamResponse | undefined;
			let watch: Watch | undefined;
			try {
				response = (await ctx.helpers.httpRequest(options)) as StreamResponse;
				const status = response.statusCode;
				if (status < 200 || status >= 300) {
					await letGo(response.body);
					problem = `${where} answered ${status}`;
					return { ok: false, again: status >= 500 || status === 429 || status === 408 };
				}
				// a file its host declares too large is refused before it is stored
				const declared = declaredLength(response);
				if (declared !== undefined && declared > limits.bytes) {
					await letGo(response.body);
					final = new InputError(
						`${label}: ${where} is ${mb(declared)} MB; ${kind} uploads may be at most ${limits.label}`,
					);
					return { ok: false, again: false };
				}
				const expected = arrivingLength(response);
				watch = new Watch(kind, response.body);
				const binary = await storeResult(ctx, {
					kind,
					host: where,
					status,
					body: response.body,
					expectedBytes: expected,
					fileName: (extension) => `${baseName(link)}.${extension}`,
				});
				const seconds = (watch.length?.durationMs ?? 0) / 1000;
				if (kind === 'video' && seconds > UPLOAD_LIMITS.video.seconds) {
					final = new InputError(
						`${label}: ${where} is ${seconds} s long; video uploads may be at most ${UPLOAD_LIMITS.video.seconds} s`,
					);
					return { ok: false, again: false };
				}
				// the bytes storeResult recognised; read here for the upload's part header
				const type = kind === 'image' ? sniffImageType(watch.head) : sniffVideoType(watch.head);
				if (!type) throw new FailedTransfer(`${where} changed while it was read`);
				const source = { size: watch.bytes, head: watch.head, open: storedSource(ctx, binary) };
				// the whole link tells files apart (Retry On Fail reuses an upload by it); kept as a digest
				const field = `${where} ${createHash('sha256').update(link).digest('hex').slice(0, 16)}`;
				const file = { kind, field, origin: `${label} ${where}`, type };
				return { ok: true, value: { ...file, source, fileName: binary.fileName ?? '' } };
			} catch (error) {
				response?.body?.destroy?.();
				if (signal?.aborted) throw cancelledError(node, itemIndex);
				if (watch?.overLimit) {
					final = new InputError(
						`${label}: ${where} is more than ${limits.label}; ${kind} uploads may be at most ${limits.label}`,
					);
					return { ok: false, again: false };
				}
				if (error instanceof NotStored) {
					final = new InputError(`${label}: ${where} could not be stored in n8n: ${error.message}`);
					return { ok: false, again: false };
				}
				if (error instanceof FailedTransfer) {
					problem = error.message.startsWith(where) ? error.message : `${where}: ${error.message}`;
					return { ok: false, again: !error.notMedia };
				}
				const refusal = ssrfRefusalOf(error);
				if (refusal) {
					// refused before it was sent, and every try would be: not tried again
					const words = ssrfWords(new URL(link).host, refusal);
					final = new InputError(`${label}: ${words.message} (${where}). ${words.hint}`);
					return { ok: false, again: false };
				}
				const code = networkCodeOf(error);
				problem = code
					? `${where} ${HOST_FAILURES[code] ?? 'could not be reached'}`
					: `${where} could not be fetched (${(error as Error)?.message ?? 'unknown error'})`;
				return { ok: false, again: code ? retriesAfter(code) : true };
			}
		},
	});
	if (fetched) return fetched.value;
	throw (
		final ??
		new InputError(
			`${label}: ${problem}. Check that the link opens the file itself, without signing in.`,
		)
	);
}
