import { NodeOperationError, type INode } from 'n8n-workflow';

import { pause } from './pause';

/** A file read from its source as it is sent; `open` is called once per try. */
export type StreamedFile = {
	fileName: string;
	mimeType: string;
	/** exact size in bytes: the multipart body's Content-Length is computed from it */
	size: number;
	open: () => Promise<AsyncIterable<Uint8Array | string>>;
	/** what a source that gave `counted` bytes instead of `size` means, for the user */
	wrongSize?: (counted: number, more: boolean) => string;
};

/**
 * Large files ask the service whether it takes the body before they send it: the request goes
 * out with `Expect: 100-continue`, so that a service that refuses from the headers alone (429, 401,
 * 413) answers at once instead of reading 90 MB first, and is heard: a server that closes the
 * connection on a body it will not read resets it, and the reset would otherwise hide its answer
 * behind a network error. n8n's HTTP client does not tell a node when 100 Continue arrives, so
 * the first byte waits HOLD_MS at most, and less whenever the answer comes first (the try then
 * ends): long enough for a service on the same network or in the same region to answer from the
 * headers, short beside the upload itself (a 90 MB body takes half a second on a fast link). A
 * service farther away may answer after the first bytes went out; if its reset then hides the
 * answer, the try after it waits RETRY_HOLD_MS and hears it, having sent only what one round
 * trip carries.
 */
export const HOLD_FROM_BYTES = 1024 * 1024;
export const HOLD_MS = 25;
export const RETRY_HOLD_MS = 500;

/**
 * A multipart/form-data body whose file parts stream from their source while the request is
 * sent, so that an upload of 100 MB never sits in memory (native FormData only takes Blobs, which
 * are held in memory whole). n8n hands it to its HTTP client, which recognises a spec-compliant
 * form (append, entries, an iterator and the FormData tag) and encodes it part by part, reading
 * each file through `stream()` and its length through `size`.
 *
 * The bytes are counted as they are sent. The Content-Length went out with the headers, from the
 * file's size: a source that gives fewer bytes, or more, stops the body short of it (never a byte
 * past the size), so the service never gets a whole request and keeps nothing, and the try fails
 * with `broken`.
 *
 * A form serves one try: `close()` ends it, destroying a source stream the try left unfinished
 * so that no file handle stays open, and a retry builds a new form.
 */
export class StreamedForm {
	readonly [Symbol.toStringTag] = 'FormData';
	private readonly parts: Array<[string, unknown]> = [];
	private readonly closed = new AbortController();
	private readonly open = new Set<{ destroy?: () => void }>();
	private large = false;
	/** why the body was stopped short: a source gave another number of bytes than its size */
	broken?: string;

	/** `holdMs`: how long a large file's first byte waits for an early answer. */
	constructor(private readonly holdMs = HOLD_MS) {}

	append(field: string, file: StreamedFile): void {
		if (file.size >= HOLD_FROM_BYTES) this.large = true;
		this.parts.push([
			field,
			{
				name: file.fileName,
				type: file.mimeType,
				size: file.size,
				// must hand back an async iterable at once: the source is opened on the first read
				stream: () => this.read(file),
			},
		]);
	}

	/** The headers the request sends with this body. */
	headers(): Record<string, string> {
		return this.large ? { Expect: '100-continue' } : {};
	}

	entries(): IterableIterator<[string, unknown]> {
		return this.parts[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, unknown]> {
		return this.entries();
	}

	/** Fails the item if a source was not the size it was sent as: no other try would do better. */
	assertWhole(node: INode, itemIndex?: number): void {
		if (this.broken) throw new NodeOperationError(node, this.broken, { itemIndex });
	}

	close(): void {
		this.closed.abort();
		for (const source of this.open) source.destroy?.();
		this.open.clear();
	}

	private async *read(file: StreamedFile): AsyncGenerator<Uint8Array | string> {
		if (file.size >= HOLD_FROM_BYTES) {
			await pause(this.holdMs, this.closed.signal).catch(() => undefined);
		}
		if (this.closed.signal.aborted) return;
		const source = await file.open();
		const handle = source as { destroy?: () => void };
		this.open.add(handle);
		let sent = 0;
		try {
			for await (const chunk of source) {
				if (this.closed.signal.aborted) return;
				sent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
				// never a byte past the size the Content-Length was computed from
				if (sent > file.size) break;
				yield chunk;
			}
			if (sent !== file.size && !this.closed.signal.aborted) {
				const more = sent > file.size;
				this.broken =
					file.wrongSize?.(sent, more) ??
					`"${file.fileName}" gave ${more ? 'more' : 'fewer'} bytes than its ${file.size}: the upload was stopped before its end`;
				throw new Error(this.broken);
			}
		} finally {
			this.open.delete(handle);
			handle.destroy?.();
		}
	}
}
