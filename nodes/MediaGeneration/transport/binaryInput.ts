import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Reads an input item's binary field into memory for an upload. Binaries kept by n8n's binary
 * data service (filesystem, S3) are read through their stream, not through a base64 copy.
 */
export async function readInputBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<{ data: Buffer; fileName?: string; mimeType?: string }> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	let data: Buffer;
	if (binary.id) {
		const chunks: Buffer[] = [];
		for await (const chunk of await ctx.helpers.getBinaryStream(binary.id)) {
			chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
		}
		data = Buffer.concat(chunks);
	} else {
		data = await ctx.helpers.getBinaryDataBuffer(itemIndex, propertyName);
	}
	return { data, fileName: binary.fileName, mimeType: binary.mimeType };
}
