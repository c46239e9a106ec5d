import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import type { StreamResponse } from '../../engine/files/download';
import type { Readable } from '../../engine/files/relay';
import { header } from '../../transport/header';
import { HEAD_BYTES, UPLOAD_LIMITS } from '../../validation/fileType';
import { VideoLength } from '../../validation/videoLength';
import type { UploadKind } from './uploadBinary';

/** The parts of fetching a file from a link for an upload (fetchUrl.ts): what it watches and keeps. */

export const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

/**
 * What a network failure means for a link, in words: n8n replaces an error message that holds
 * a code such as ECONNREFUSED with its own text about "the service", which would hide the link.
 */
export const HOST_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'refused the connection',
	ECONNRESET: 'closed the connection before the file ended',
	ENOTFOUND: 'could not be found (no such host)',
	EAI_AGAIN: 'could not be looked up (DNS failed)',
	ETIMEDOUT: 'did not answer in time',
	ESOCKETTIMEDOUT: 'did not answer in time',
	ECONNABORTED: 'did not answer in time',
	EHOSTUNREACH: 'could not be reached (host unreachable)',
	ENETUNREACH: 'could not be reached (network unreachable)',
};

/**
 * Watches a file's bytes as they arrive, beside the relay that stores them: keeps the first
 * bytes, counts them all, reads a video's length, and stops the transfer at the upload limit.
 */
export class Watch {
	head = Buffer.alloc(0);
	bytes = 0;
	overLimit = false;
	readonly length: VideoLength | undefined;

	constructor(
		kind: UploadKind,
		private readonly body: Readable,
	) {
		this.length = kind === 'video' ? new VideoLength() : undefined;
		const limit = UPLOAD_LIMITS[kind].bytes;
		body.on('data', (chunk: Buffer | string) => {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			if (this.head.length < HEAD_BYTES) {
				this.head = Buffer.concat([this.head, bytes]).subarray(0, HEAD_BYTES);
			}
			this.bytes += bytes.length;
			this.length?.feed(bytes);
			if (this.bytes > limit && !this.overLimit) {
				this.overLimit = true;
				this.body.destroy(new Error(`more than ${UPLOAD_LIMITS[kind].label}`));
			}
		});
	}
}

/**
 * Lets go of a body that is not to be read. Destroying it alone leaves the connection open when the
 * HTTP client hands over a wrapper that has not started reading (axios wraps a stream it holds to a
 * size limit): the socket then stays open, paused, as long as n8n runs. One chunk read starts the
 * wrapper, so that destroying it closes the connection.
 */
export async function letGo(body: Readable): Promise<void> {
	try {
		for await (const chunk of body) {
			void chunk;
			break;
		}
	} catch {
		// a body that fails while it is let go of is gone all the same
	}
	body.destroy();
}

/** The Content-Length the host declares (for the bytes it sends, which may be compressed). */
export function declaredLength(response: StreamResponse): number | undefined {
	const raw = header(response.headers, 'content-length');
	const length = Number(raw);
	return raw !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The stored file as a source the upload streams from, afresh for every try. */
export function storedSource(ctx: IExecuteFunctions, binary: IBinaryData) {
	const id = binary.id;
	if (id) return async () => (await ctx.helpers.getBinaryStream(id)) as AsyncIterable<Buffer>;
	const data = Buffer.from(binary.data, 'base64');
	return async () =>
		(async function* () {
			yield data;
		})();
}

/** "frame" for https://cdn.example/a/frame.png: the name the stored file is given. */
export function baseName(link: string): string {
	const last = new URL(link).pathname.split('/').pop() ?? '';
	return (
		decodeURIComponent(last)
			.replace(/\.[^.]*$/, '')
			.slice(0, 100) || 'reference'
	);
}
