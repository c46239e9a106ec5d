'use strict';
/**
 * Whether a result file the node wrote is whole, read from its own format: a download cut off
 * half way must never pass for a result.
 */
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');

/** A PNG up to its IEND chunk, MP4 boxes filling the file, every MP3 frame of the job's length. */
function wholeFile(kind, buffer, job) {
	if (kind === 'image')
		return (
			sniffImage(buffer)?.type === 'png' &&
			buffer.toString('latin1', buffer.length - 8, buffer.length - 4) === 'IEND'
		);
	if (kind === 'video') {
		let at = 0;
		while (at + 8 <= buffer.length) {
			const size = buffer.readUInt32BE(at);
			if (size < 8) return false;
			at += size;
		}
		return at === buffer.length && buffer.toString('latin1', 4, 8) === 'ftyp';
	}
	return Math.abs(mp3DurationMs(buffer) - job.audioMs) < 30;
}

module.exports = { wholeFile };
