/** Types of mp4.js for the TypeScript tests. */
export function writeMp4(o: {
	width: number;
	height: number;
	durationMs: number;
	brand?: 'mp4' | 'mov';
	videoTrack?: boolean;
	paddingBytes?: number;
}): Buffer;
export function readMp4(
	data: Buffer,
): { width?: number; height?: number; durationMs?: number } | undefined;
