'use strict';
/** Recognises uploaded files by their content, never by their name. */
const { readMp4 } = require('./mp4');

/** @returns {{type:'png'|'jpeg'|'webp', width:number, height:number}|undefined} */
function sniffImage(buf) {
	if (
		buf.length >= 24 &&
		buf.readUInt32BE(0) === 0x89504e47 &&
		buf.toString('latin1', 12, 16) === 'IHDR'
	) {
		return { type: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
	}
	if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
		let at = 2;
		while (at + 9 < buf.length) {
			if (buf[at] !== 0xff) return { type: 'jpeg', width: 0, height: 0 };
			const marker = buf[at + 1];
			const len = buf.readUInt16BE(at + 2);
			if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
				return { type: 'jpeg', height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
			}
			at += 2 + len;
		}
		return { type: 'jpeg', width: 0, height: 0 };
	}
	if (
		buf.length >= 30 &&
		buf.toString('latin1', 0, 4) === 'RIFF' &&
		buf.toString('latin1', 8, 12) === 'WEBP'
	) {
		const kind = buf.toString('latin1', 12, 16);
		if (kind === 'VP8X')
			return { type: 'webp', width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
		if (kind === 'VP8L') {
			const bits = buf.readUInt32LE(21);
			return { type: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
		}
		return {
			type: 'webp',
			width: buf.readUInt16LE(26) & 0x3fff,
			height: buf.readUInt16LE(28) & 0x3fff,
		};
	}
	return undefined;
}

function sniffVideo(buf) {
	if (buf.length < 8) return undefined;
	return readMp4(buf);
}

module.exports = { sniffImage, sniffVideo };
