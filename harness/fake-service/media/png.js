'use strict';
/** Writes real PNG files of a given size and reads a PNG's dimensions. */
const zlib = require('node:zlib');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc32(buf) {
	let c = 0xffffffff;
	for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData));
	return Buffer.concat([len, typeAndData, crc]);
}

/** A horizontal colour gradient; `seed` varies the colour so that different jobs give different files. */
function writePng({ width, height, seed = 0, paddingBytes = 0 }) {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 2; // colour type: RGB
	const row = Buffer.alloc(1 + width * 3);
	for (let x = 0; x < width; x++) {
		row[1 + x * 3] = (x * 255) / Math.max(1, width - 1);
		row[2 + x * 3] = (seed * 53) & 0xff;
		row[3 + x * 3] = 255 - ((seed * 97) & 0xff);
	}
	const raw = Buffer.alloc(row.length * height);
	for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
	const parts = [
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
	];
	// a private ancillary chunk that decoders skip: lets tests ask for large files
	if (paddingBytes > 0) parts.push(chunk('fpAd', Buffer.alloc(paddingBytes)));
	parts.push(chunk('IDAT', zlib.deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0)));
	return Buffer.concat(parts);
}

module.exports = { writePng, crc32 };
