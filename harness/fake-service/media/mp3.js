'use strict';
/**
 * Writes real MP3 files: MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono frames whose side
 * information is all zero, which every decoder plays as silence.
 */
const FRAME_BYTES = 417; // 144 * 128000 / 44100, no padding
const FRAME_MS = (1152 / 44100) * 1000;
const HEADER = Buffer.from([0xff, 0xfb, 0x90, 0xc4]); // sync, MPEG-1 L3 no CRC, 128k, 44.1k, mono

function writeMp3(durationMs) {
	const frames = Math.max(1, Math.round(durationMs / FRAME_MS));
	const out = Buffer.alloc(frames * FRAME_BYTES);
	for (let i = 0; i < frames; i++) HEADER.copy(out, i * FRAME_BYTES);
	return out;
}
function mp3DurationMs(buf) {
	return Math.round((buf.length / FRAME_BYTES) * FRAME_MS);
}

module.exports = { writeMp3, mp3DurationMs, FRAME_BYTES };
