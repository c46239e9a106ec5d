/**
 * Reading the start of a stream to recognise its content, and handing the whole of it on.
 *
 * The stream is only ever read through its async iterator. Bytes are never pushed back into it
 * (`unshift`): a small file can arrive whole in its first chunk, the source then ends, and a
 * pushed-back chunk is lost after its 'end' event. n8n 1.x kept such a file as 0 bytes (on disk)
 * or waited forever for its end (in memory).
 */

export type ByteSource = AsyncIterable<Uint8Array | string>;

export type StreamHead = {
	/** the first bytes, up to the number asked for */
	head: Buffer;
	/** every chunk read so far, whole: they hold `head` and maybe more */
	chunks: Buffer[];
	/** the source ended within those chunks */
	ended: boolean;
	/** where reading goes on; undefined once the source ended */
	rest: AsyncIterator<Uint8Array | string> | undefined;
};

export function toBuffer(chunk: Uint8Array | string): Buffer {
	return typeof chunk === 'string'
		? Buffer.from(chunk)
		: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Reads chunks until `bytes` have arrived or the source ended; nothing is lost or put back. */
export async function readHead(source: ByteSource, bytes: number): Promise<StreamHead> {
	const rest = source[Symbol.asyncIterator]();
	const chunks: Buffer[] = [];
	let length = 0;
	while (length < bytes) {
		const next = await rest.next();
		if (next.done) {
			const all = Buffer.concat(chunks);
			return { head: all.subarray(0, bytes), chunks, ended: true, rest: undefined };
		}
		const chunk = toBuffer(next.value);
		chunks.push(chunk);
		length += chunk.length;
	}
	return { head: Buffer.concat(chunks).subarray(0, bytes), chunks, ended: false, rest };
}

/** Counts what `replay` handed on; `complete` once the source ended and every byte was passed. */
export type ByteCount = { bytes: number; complete: boolean };

/**
 * The chunks a head read took, then the rest of the source, as one sequence, counting every byte
 * handed on. Stopped early (the reader gave up), it lets go of the source.
 */
export async function* replay(
	start: StreamHead,
	count: ByteCount,
): AsyncGenerator<Buffer, void, undefined> {
	const { rest } = start;
	try {
		for (const chunk of start.chunks) {
			count.bytes += chunk.length;
			yield chunk;
		}
		if (rest) {
			for (let next = await rest.next(); !next.done; next = await rest.next()) {
				const chunk = toBuffer(next.value);
				count.bytes += chunk.length;
				yield chunk;
			}
		}
		count.complete = true;
	} finally {
		if (!count.complete) await rest?.return?.();
	}
}

/** Reads a source to its end, counting its bytes (memory stays at one chunk). */
export async function countRest(start: StreamHead, limit = Infinity): Promise<ByteCount> {
	const count: ByteCount = { bytes: 0, complete: false };
	const reading = replay(start, count);
	while (!(await reading.next()).done) {
		if (count.bytes > limit) {
			await reading.return();
			break;
		}
	}
	return count;
}
