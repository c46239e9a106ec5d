/** Types of mp3.js for the TypeScript tests. */
export function writeMp3(durationMs: number): Buffer;
export function mp3DurationMs(data: Buffer): number;
export const FRAME_BYTES: number;
