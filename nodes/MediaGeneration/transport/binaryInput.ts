import type { IExecuteFunctions } from 'n8n-workflow';

import { HEAD_BYTES } from '../validation/fileType';
import { inputBinaryField } from './binaryField';
import type { StreamedFile } from './multipart';
import { countRest, readHead, type ByteSource } from './streamHead';

/**
 * The chunk a stored file is read in as it is sent. Each chunk passes through several streams of
 * n8n's HTTP client, so a 90 MB upload in 64 KB chunks (the default) spends more time handing
 * chunks on than sending them; in 256 KB chunks it goes about as fast as a Buffer, while the few
 * chunks read ahead hold a few MB (measured against a local server: 105-130 ms against 240-520 ms
 * in 64 KB chunks, and 200-440 ms for the file read whole and sent by the form-data package).
 */
export const SEND_CHUNK_BYTES = 256 * 1024;

export type InputBinary = Omit<StreamedFile, 'fileName' | 'mimeType'> & {
	fileName?: string;
	mimeType?: string;
	/** the file's first bytes (up to HEAD_BYTES), for recognising its type by content */
	head: Buffer;
};

type Source = ByteSource & { destroy?: () => void };

async function* oneChunk(data: Buffer): AsyncGenerator<Buffer> {
	yield data;
}

/**
 * Reads a stored file once through: its first bytes, and its exact length as the stream gives
 * it (for a binary whose size n8n did not record).
 */
async function scanStored(source: Source): Promise<{ head: Buffer; bytes: number }> {
	try {
		const start = await readHead(source, HEAD_BYTES);
		const { bytes } = await countRest(start);
		return { head: start.head, bytes };
	} finally {
		source.destroy?.();
	}
}

/** The first bytes of a stored file, read in a chunk of their own size. */
async function storedHead(source: Source): Promise<Buffer> {
	try {
		return (await readHead(source, HEAD_BYTES)).head;
	} finally {
		source.destroy?.();
	}
}

/**
 * An input item's binary field, ready to be checked and streamed to the service. A binary kept by
 * n8n's binary data service (filesystem, database, S3) is never held whole in memory: its first
 * bytes are read to check its type, and the file itself is read once, as it is sent, with the
 * size n8n recorded as the body's length; the bytes are counted as they go (multipart.ts), so a
 * file that is not that size is never taken for whole. A binary whose size n8n did not record is
 * read through once to count it first. Only a binary that already sits in the item (base64) is
 * taken from memory. `label` names the node's field in errors.
 */
export async function inputBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	label: string,
): Promise<InputBinary> {
	const binary = inputBinaryField(ctx, itemIndex, propertyName, label);
	const { fileName, mimeType } = binary;
	const id = binary.id;
	if (id) {
		const open = async (chunk: number) => (await ctx.helpers.getBinaryStream(id, chunk)) as Source;
		const recorded = Number((await ctx.helpers.getBinaryMetadata(id)).fileSize);
		const known = Number.isSafeInteger(recorded) && recorded > 0;
		const { head, bytes } = known
			? { head: await storedHead(await open(HEAD_BYTES)), bytes: recorded }
			: await scanStored(await open(SEND_CHUNK_BYTES));
		const wrongSize = known
			? (counted: number, more: boolean) =>
					`Binary field "${propertyName}" holds ${more ? 'more than' : `only ${counted} of`} the ${recorded} bytes n8n recorded in its binary storage: the file was not stored whole, so the upload was stopped before its end and the service kept nothing`
			: undefined;
		const send = async () => await open(SEND_CHUNK_BYTES);
		return { fileName, mimeType, size: bytes, head, wrongSize, open: send };
	}
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, binary);
	return {
		fileName,
		mimeType,
		size: data.length,
		head: data.subarray(0, HEAD_BYTES),
		open: async () => oneChunk(data),
	};
}
