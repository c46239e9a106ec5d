import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { countRest, readHead, release, replay, type ByteCount } from '../transport/streamHead';
import type { JobKind } from './jobs';
import { notMediaReason, resultTypeOf } from './resultBody';

export type Readable = Exclude<
	Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
	Buffer
>;

/** Bytes read from the start of a result file to recognise it. */
const HEAD_BYTES = 64;
/** How much of a body that is not media is read, to say how large it was. */
const NOT_MEDIA_READ_LIMIT = 64 * 1024;

/** The try failed on the way: the next try may succeed (a fresh link, another connection). */
export class FailedTransfer extends Error {
	constructor(
		message: string,
		/** the body was no media at all: the next try asks the job for a fresh link */
		readonly notMedia = false,
	) {
		super(message);
	}
}
/** The whole file arrived but n8n would not keep it (its database mode's size cap, say): final. */
export class NotStored extends Error {}

export type StoreRequest = {
	kind: JobKind;
	/** who answered, for messages ("the file host at cdn.example.com") */
	host: string;
	status: number;
	body: Readable;
	/** the file host's Content-Length, when it gave one for the bytes as they arrive */
	expectedBytes: number | undefined;
	fileName: (extension: string) => string;
};

/**
 * A Node.js stream of `chunks`. Shipped code may import nothing but n8n-workflow, so the stream
 * class is taken from the response stream's own class chain (every Node.js stream is a Readable).
 */
function readableLike(like: Readable, chunks: AsyncIterable<Buffer>): Readable {
	type ReadableClass = { name: string; from?: (source: AsyncIterable<Buffer>) => Readable };
	let c = like.constructor as unknown as ReadableClass | null;
	while (c && c.name !== 'Readable') c = Object.getPrototypeOf(c) as ReadableClass | null;
	if (!c?.from)
		throw new FailedTransfer('the file host answered with something that is not a stream');
	return c.from(chunks);
}

/** The size n8n says it stored, from what this n8n release records (none of it is relied on alone). */
async function storedBytes(
	ctx: IExecuteFunctions,
	binary: IBinaryData,
): Promise<number | undefined> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) {
		const { fileSize } = await ctx.helpers.getBinaryMetadata(binary.id);
		const size = Number(fileSize);
		return Number.isSafeInteger(size) ? size : undefined;
	}
	if (typeof binary.data === 'string' && binary.data.length) {
		return Buffer.byteLength(binary.data, 'base64');
	}
	return undefined;
}

/**
 * Streams one 2xx answer into n8n's binary data, checking it on every n8n release by itself: the
 * first bytes must be the media the job makes, and the bytes it hands to n8n are counted and must
 * match the file host's Content-Length and the size n8n says it stored. An empty, cut or foreign
 * body fails the try (FailedTransfer) and is never reported as stored.
 */
export async function storeResult(
	ctx: IExecuteFunctions,
	request: StoreRequest,
): Promise<IBinaryData> {
	const start = await readHead(request.body, HEAD_BYTES);
	const type = resultTypeOf(request.kind, start.head);
	if (!type) {
		const size = await countRest(start, NOT_MEDIA_READ_LIMIT);
		throw new FailedTransfer(notMediaReason(request.kind, request, start.head, size), true);
	}
	const fileName = request.fileName(type.extension);
	const count: ByteCount = { bytes: 0, complete: false };
	const stream = readableLike(request.body, replay(start, count));
	const stored = await ctx.helpers.prepareBinaryData(stream, fileName, type.mimeType).then(
		(binary) => ({ binary, error: undefined }),
		(error: unknown) => ({ binary: undefined, error }),
	);
	if (!stored.binary) {
		stream.destroy();
		await release(start);
		// a transfer that broke off is tried again; a refusal after the whole file arrived is not
		if (count.complete) throw new NotStored((stored.error as Error).message);
		throw stored.error;
	}
	const binary = stored.binary;
	const cut = (what: string) => new FailedTransfer(`the transfer was cut off: ${what}`);
	if (!count.complete) {
		stream.destroy();
		await release(start);
		throw cut(`n8n stopped reading after ${count.bytes} bytes`);
	}
	const expected = request.expectedBytes;
	if (expected !== undefined && count.bytes !== expected) {
		throw cut(`${count.bytes} of ${expected} bytes arrived`);
	}
	const kept = await storedBytes(ctx, binary);
	if (kept !== undefined && kept !== count.bytes) {
		throw new FailedTransfer(`n8n stored ${kept} bytes of the ${count.bytes} it was given`);
	}
	binary.fileName = fileName;
	binary.fileExtension = type.extension;
	binary.mimeType = type.mimeType;
	return binary;
}
