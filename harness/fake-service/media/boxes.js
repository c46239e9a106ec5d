'use strict';
/**
 * ISO base media file boxes, the bricks of MP4 and MOV files: writing them, with their big-endian
 * fields, and walking those of a file.
 */

/** The 8-byte header of a box of `bodyLength` bytes. */
function boxHead(type, bodyLength) {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(bodyLength + 8);
	head.write(type, 4, 'latin1');
	return head;
}

/** A box of `type` whose body is `parts`, one after another. */
function box(type, ...parts) {
	const body = Buffer.concat(parts);
	return Buffer.concat([boxHead(type, body.length), body]);
}

/** A full box: its body starts with a version byte and 24 bits of flags. */
function fullBox(type, version, flags, ...parts) {
	const vf = Buffer.alloc(4);
	vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
	return box(type, vf, ...parts);
}

/** Big-endian 32-bit fields, one after another. */
function u32(...values) {
	const b = Buffer.alloc(values.length * 4);
	values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
	return b;
}

/** Big-endian 16-bit fields, one after another. */
function u16(...values) {
	const b = Buffer.alloc(values.length * 2);
	values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, i * 2));
	return b;
}

/** The boxes of `buf` between `start` and `end`, each as its type and the span of its body. */
function* boxes(buf, start = 0, end = buf.length) {
	let at = start;
	while (at + 8 <= end) {
		let size = buf.readUInt32BE(at);
		const type = buf.toString('latin1', at + 4, at + 8);
		let header = 8;
		if (size === 1) {
			size = Number(buf.readBigUInt64BE(at + 8));
			header = 16;
		} else if (size === 0) {
			size = end - at;
		}
		if (size < header || at + size > end) return;
		yield { type, start: at + header, end: at + size };
		at += size;
	}
}

/** The first box of `type` inside `parent`, if any. */
function child(buf, parent, type) {
	for (const b of boxes(buf, parent.start, parent.end)) if (b.type === type) return b;
	return undefined;
}

module.exports = { boxHead, box, fullBox, u32, u16, boxes, child };
