import type { IExecuteFunctions } from 'n8n-workflow';

import type { StreamedFile } from './multipart';

/** Bytes read from the start of an input file to recognise its type. */
export const HEAD_BYTES = 64;

export type InputBinary = Omit<StreamedFile, 'fileName' | 'mimeType'> & {
	fileName?: string;
	mimeType?: string;
	/** the file's first bytes (up to HEAD_BYTES), for recognising its type by content */
	head: Buffer;
};

type Source = AsyncIterable<Uint8Array | string> & { destroy?: () => void };

async function* oneChunk(data: Buffer): AsyncGenerator<Buffer> {
	yield data;
}

/** Reads up to `bytes` from the start of a stream, then lets go of it. */
async function readStart(source: Source, bytes: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let length = 0;
	try {
		for await (const chunk of source) {
			const buffer =
				typeof chunk === 'string'
					? Buffer.from(chunk)
					: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
			chunks.push(buffer);
			length += buffer.length;
			if (length >= bytes) break;
		}
	} finally {
		source.destroy?.();
	}
	return Buffer.concat(chunks).subarray(0, bytes);
}

/** The exact length of a stream, read through once (for a stored binary without a recorded size). */
async function countBytes(source: Source): Promise<number> {
	let length = 0;
	for await (const chunk of source)
		length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
	return length;
}

/**
 * An input item's binary field, ready to be checked and streamed to the service. A binary kept by
 * n8n's binary data service (filesystem, database, S3) is never read whole: its size comes from
 * its stored metadata, its first bytes from a short read, and its content from a fresh stream each
 * time it is sent. Only a binary that already sits in the item (base64) is taken from memory.
 */
export async function inputBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<InputBinary> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const { fileName, mimeType } = binary;
	const id = binary.id;
	if (id) {
		const open = async () => (await ctx.helpers.getBinaryStream(id)) as Source;
		const { fileSize } = await ctx.helpers.getBinaryMetadata(id);
		const size = Number.isSafeInteger(fileSize) ? fileSize : await countBytes(await open());
		const head = await readStart(await open(), HEAD_BYTES);
		return { fileName, mimeType, size, head, open };
	}
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, propertyName);
	return {
		fileName,
		mimeType,
		size: data.length,
		head: data.subarray(0, HEAD_BYTES),
		open: async () => oneChunk(data),
	};
}
