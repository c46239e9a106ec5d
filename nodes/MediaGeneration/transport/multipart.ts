import { pause } from './pause';

/** A file read from its source as it is sent; `open` is called once per try. */
export type StreamedFile = {
	fileName: string;
	mimeType: string;
	/** exact size in bytes: the multipart body's Content-Length is computed from it */
	size: number;
	open: () => Promise<AsyncIterable<Uint8Array | string>>;
};

/**
 * Files at least this large wait `HOLD_MS` after the request's headers have gone out before their
 * first byte is sent. A service that answers from the headers alone (429, 401, 413) is heard
 * then, before the body is on the wire: a server that closes the connection on a body it will not
 * read resets it, and the reset would otherwise hide its answer behind a network error.
 */
export const HOLD_FROM_BYTES = 1024 * 1024;
export const HOLD_MS = 500;

/**
 * A multipart/form-data body whose file parts stream from their source while the request is
 * sent, so that an upload of 100 MB never sits in memory (native FormData only takes Blobs, which
 * are held in memory whole). n8n hands it to its HTTP client, which recognises a spec-compliant
 * form (append, entries, an iterator and the FormData tag) and encodes it part by part, reading
 * each file through `stream()` and its length through `size`.
 *
 * A form serves one try: `close()` ends it, destroying a source stream the try left unfinished
 * so that no file handle stays open, and a retry builds a new form.
 */
export class StreamedForm {
	readonly [Symbol.toStringTag] = 'FormData';
	private readonly parts: Array<[string, unknown]> = [];
	private readonly closed = new AbortController();
	private readonly open = new Set<{ destroy?: () => void }>();

	append(field: string, file: StreamedFile): void {
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

	entries(): IterableIterator<[string, unknown]> {
		return this.parts[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, unknown]> {
		return this.entries();
	}

	close(): void {
		this.closed.abort();
		for (const source of this.open) source.destroy?.();
		this.open.clear();
	}

	private async *read(file: StreamedFile): AsyncGenerator<Uint8Array | string> {
		if (file.size >= HOLD_FROM_BYTES) {
			await pause(HOLD_MS, this.closed.signal).catch(() => undefined);
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
				// the Content-Length went out with the headers: a body of another length is broken
				if (sent > file.size) break;
				yield chunk;
			}
			if (sent !== file.size && !this.closed.signal.aborted) {
				throw new Error(
					`"${file.fileName}" gave ${sent > file.size ? 'more' : 'fewer'} bytes than its ${file.size}: the upload was stopped`,
				);
			}
		} finally {
			this.open.delete(handle);
			handle.destroy?.();
		}
	}
}
