/** Types of png.js for the TypeScript tests. */
export function writePng(o: {
	width: number;
	height: number;
	seed?: number;
	paddingBytes?: number;
}): Buffer;
export function crc32(data: Buffer): number;
