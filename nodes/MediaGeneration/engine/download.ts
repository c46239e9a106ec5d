import type { IBinaryData, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { networkCodeOf } from '../transport/request';
import { retryDelayMs } from '../transport/retry';
import { sniffMediaType, type MediaType } from '../validation/fileType';
import type { JobKind } from './jobs';

type Readable = Exclude<Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0], Buffer>;
type StreamResponse = {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: Readable;
};

/** Tries for one file in all (network errors, 5xx, cut-off bodies), and fresh links after expiry. */
export const DOWNLOAD_LIMITS = { attempts: 4, freshLinks: 2, idleTimeoutMs: 120_000 };

const EXPIRED = new Set([403, 404, 410]);
const FALLBACK_TYPE: Record<JobKind, MediaType> = {
	image: { kind: 'image', mimeType: 'image/png', extension: 'png' },
	video: { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' },
	podcast: { kind: 'audio', mimeType: 'audio/mpeg', extension: 'mp3' },
};

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
 * Reads the first bytes of a stream without consuming them, so the file type comes from the
 * content. It reads in paused mode ('readable' and read()) and puts the bytes back with unshift.
 * Once its listener is gone, Node.js sets the stream back to its initial state, so the next
 * consumer starts it whichever way it reads: pipe, a 'data' listener (n8n's in-memory binary
 * mode) or async iteration. A stream left paused by pause() would wait forever for a 'data'
 * listener.
 */
export async function readHead(
	stream: Readable,
	bytes: number,
): Promise<{ head: Buffer; ended: boolean }> {
	const chunks: Buffer[] = [];
	let length = 0;
	let ended = false;
	await new Promise<void>((resolve, reject) => {
		const done = (error?: Error) => {
			stream.off('readable', onReadable);
			stream.off('end', onEnd);
			stream.off('error', done);
			if (error) reject(error);
			else resolve();
		};
		const onReadable = () => {
			let chunk: Buffer | string | null;
			while (length < bytes && (chunk = stream.read()) !== null) {
				const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
				chunks.push(buffer);
				length += buffer.length;
			}
			if (length >= bytes) done();
		};
		const onEnd = () => {
			ended = true;
			done();
		};
		stream.on('readable', onReadable);
		stream.once('end', onEnd);
		stream.once('error', done);
	});
	const head = Buffer.concat(chunks);
	if (!ended && head.length) stream.unshift(head);
	return { head, ended };
}

function header(response: StreamResponse, name: string): string | undefined {
	const v = response.headers[name];
	return Array.isArray(v) ? v[0] : v;
}

function discard(response: StreamResponse | undefined) {
	response?.body?.destroy?.();
}

/**
 * Streams one result file into n8n's binary data, never holding it whole in memory when n8n
 * stores binaries on disk. The link is fetched without the API key. An expired link (403, 404,
 * 410) is replaced by a fresh one from the job endpoint; a dropped or cut-off transfer is
 * tried again (a GET is safe to repeat).
 */
export async function downloadFile(
	ctx: IExecuteFunctions,
	target: DownloadTarget,
): Promise<IBinaryData> {
	const node = ctx.getNode();
	const fail = (message: string, description?: string) =>
		new NodeOperationError(node, message, { itemIndex: target.itemIndex, description });
	let url = target.url;
	let freshLinks = 0;
	let lastProblem = '';
	let failedTries = 0;
	let pause = false;
	while (failedTries < DOWNLOAD_LIMITS.attempts) {
		if (pause) {
			await sleep(
				retryDelayMs({ method: 'GET', attempt: failedTries }, Date.now()),
				target.signal,
			).catch(() => {
				throw fail('The execution was cancelled');
			});
		}
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
			timeout: DOWNLOAD_LIMITS.idleTimeoutMs,
			abortSignal: target.signal,
		};
		let response: StreamResponse | undefined;
		let expired = false;
		try {
			response = (await ctx.helpers.httpRequest(options)) as StreamResponse;
			const status = response.statusCode;
			if (status >= 200 && status < 300) return await store(ctx, target, response);
			discard(response);
			lastProblem = `the file host answered ${status}`;
			expired = EXPIRED.has(status);
			if (!expired && status < 500 && status !== 429) break;
		} catch (error) {
			discard(response);
			if (target.signal.aborted) throw fail('The execution was cancelled');
			if (error instanceof NotStored) {
				throw fail(
					`Could not store the result of job ${target.jobId} in n8n: ${error.message}`,
					'The job itself succeeded and keeps its result: run Download with this job ID once n8n can store the file.',
				);
			}
			lastProblem =
				error instanceof Truncated
					? error.message
					: `the connection failed (${networkCodeOf(error) ?? 'network error'})`;
		}
		if (expired) {
			// a link past its time is replaced at once; that is not a failed try
			if (freshLinks >= DOWNLOAD_LIMITS.freshLinks) break;
			freshLinks++;
			pause = false;
			url = await target.freshUrl();
		} else {
			failedTries++;
			pause = true;
		}
	}
	throw fail(
		`Could not download the result of job ${target.jobId}: ${lastProblem}`,
		'The job itself succeeded and keeps its result: run Download with this job ID to try again.',
	);
}

class Truncated extends Error {}
/** The whole file arrived but n8n would not keep it (its database mode's size cap, say): final. */
class NotStored extends Error {}

async function store(
	ctx: IExecuteFunctions,
	target: DownloadTarget,
	response: StreamResponse,
): Promise<IBinaryData> {
	const { head, ended } = await readHead(response.body, 64);
	const type = sniffMediaType(head) ?? FALLBACK_TYPE[target.kind];
	const fileName = target.fileName(type.extension);
	const stored = await ctx.helpers
		.prepareBinaryData(ended ? head : response.body, fileName, type.mimeType)
		.then(
			(binary) => ({ binary, error: undefined }),
			(error: unknown) => ({ binary: undefined, error }),
		);
	if (!stored.binary) {
		// a transfer that broke off is tried again; a refusal after the whole file arrived is not
		if (ended || response.body.readableEnded) throw new NotStored((stored.error as Error).message);
		throw stored.error;
	}
	const binary = stored.binary;
	const expected = Number(header(response, 'content-length'));
	const received = binary.bytes ?? (ended ? head.length : undefined);
	if (Number.isFinite(expected) && received !== undefined && received !== expected) {
		throw new Truncated(`the transfer was cut off after ${received} of ${expected} bytes`);
	}
	binary.fileName = fileName;
	binary.fileExtension = type.extension;
	binary.mimeType = type.mimeType;
	return binary;
}
