import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { HEAD_BYTES } from '../../validation/fileType';
import { JOB_KINDS } from '../jobs/jobKinds';
import { Relay, type Readable } from './relay';
import { notMediaReason } from './resultBody';

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
	const relay = new Relay(request.body, HEAD_BYTES);
	const { head } = await relay.head().catch((error: unknown) => {
		relay.release();
		throw error;
	});
	const type = JOB_KINDS[request.kind].media.sniff(head);
	if (!type) {
		const size = await relay.measure(NOT_MEDIA_READ_LIMIT);
		throw new FailedTransfer(notMediaReason(request.kind, request, head, size), true);
	}
	const fileName = request.fileName(type.extension);
	const count = relay.count;
	const stream = relay.stream();
	const stored = await ctx.helpers.prepareBinaryData(stream, fileName, type.mimeType).then(
		(binary) => ({ binary, error: undefined }),
		(error: unknown) => ({ binary: undefined, error }),
	);
	if (!stored.binary) {
		stream.destroy();
		// a transfer that broke off is tried again; a refusal after the whole file arrived is not
		if (count.complete) throw new NotStored((stored.error as Error).message);
		throw stored.error;
	}
	const binary = stored.binary;
	const cut = (what: string) => new FailedTransfer(`the transfer was cut off: ${what}`);
	if (!count.complete) {
		stream.destroy();
		const broken = relay.failure;
		throw cut(
			broken
				? `the connection broke after ${count.bytes} bytes (${broken.message})`
				: `n8n stopped reading after ${count.bytes} bytes`,
		);
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
