'use strict';
/** Minimal MSB-first bit writer for H.264 bitstreams (exp-Golomb codes included). */
class BitWriter {
	constructor() {
		this.bytes = [];
		this.current = 0;
		this.count = 0;
	}
	bit(b) {
		this.current = (this.current << 1) | (b & 1);
		this.count++;
		if (this.count === 8) {
			this.bytes.push(this.current);
			this.current = 0;
			this.count = 0;
		}
	}
	bits(value, n) {
		for (let i = n - 1; i >= 0; i--) this.bit((value >> i) & 1);
	}
	/** unsigned exp-Golomb */
	ue(value) {
		const v = value + 1;
		const len = Math.floor(Math.log2(v));
		for (let i = 0; i < len; i++) this.bit(0);
		this.bits(v, len + 1);
	}
	/** signed exp-Golomb */
	se(value) {
		this.ue(value <= 0 ? -2 * value : 2 * value - 1);
	}
	/** rbsp_trailing_bits: a one, then zeros up to the byte boundary */
	trailing() {
		this.bit(1);
		while (this.count !== 0) this.bit(0);
	}
	buffer() {
		return Buffer.from(this.bytes);
	}
}

/** Inserts emulation-prevention bytes (00 00 0x -> 00 00 03 0x). */
function escapeRbsp(rbsp) {
	const out = [];
	let zeros = 0;
	for (const byte of rbsp) {
		if (zeros >= 2 && byte <= 3) {
			out.push(3);
			zeros = 0;
		}
		out.push(byte);
		zeros = byte === 0 ? zeros + 1 : 0;
	}
	return Buffer.from(out);
}

module.exports = { BitWriter, escapeRbsp };
