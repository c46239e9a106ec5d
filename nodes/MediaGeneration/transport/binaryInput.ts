import type { IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../validation/inputError';
import { inputBinaryField } from './binaryField';
import type { StreamedFile } from './multipart';
import { countRest, readHead, type ByteSource } from './streamHead';

/** Bytes read from the start of an input file to recognise its type. */
export const HEAD_BYTES = 64;

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
 * it. The length is what the multipart body will carry, so it is counted rather than taken from
 * n8n's records, which may be missing or wrong.
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

/**
 * An input item's binary field, ready to be checked and streamed to the service. A binary kept by
 * n8n's binary data service (filesystem, database, S3) is never held whole in memory: one read
 * through gives its first bytes and its exact length, and its content streams afresh each time
 * it is sent. Only a binary that already sits in the item (base64) is taken from memory.
 * `label` names the node's field in errors.
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
		const open = async () => (await ctx.helpers.getBinaryStream(id)) as Source;
		const { fileSize } = await ctx.helpers.getBinaryMetadata(id);
		const { head, bytes } = await scanStored(await open());
		const recorded = Number(fileSize);
		if (Number.isSafeInteger(recorded) && recorded !== bytes) {
			throw new InputError(
				`Binary field "${propertyName}" holds ${bytes} bytes in n8n's binary storage, but n8n recorded ${recorded}: the file was not stored whole, so it was not sent`,
			);
		}
		return { fileName, mimeType, size: bytes, head, open };
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
