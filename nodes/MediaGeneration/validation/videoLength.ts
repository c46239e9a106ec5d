/**
 * The length of an MP4 or MOV video, read from its movie header (moov > mvhd) while the file
 * streams past, whatever the order of its top-level boxes (a camera's file keeps moov after the
 * media data, a web-optimised one before it). Only the moov box is kept, up to MOOV_LIMIT; every
 * other byte is only counted. Pure: tested with plain buffers cut at any point.
 */

/** A movie header larger than this is not read: the length stays unknown. */
export const MOOV_LIMIT = 8 * 1024 * 1024;

type Box = { type: string; end: number };

export class VideoLength {
	/** the length in milliseconds, once the movie header has passed */
	durationMs: number | undefined;
	private seen = 0;
	/** where the next top-level box starts */
	private next = 0;
	private header = Buffer.alloc(0);
	private box: Box | undefined;
	private moov: Buffer[] = [];
	private done = false;

	feed(chunk: Uint8Array): void {
		let at = 0;
		while (at < chunk.length && !this.done) {
			const position = this.seen + at;
			if (this.box) {
				const take = Math.min(this.box.end - position, chunk.length - at);
				if (this.box.type === 'moov') this.moov.push(Buffer.from(chunk.subarray(at, at + take)));
				at += take;
				if (this.seen + at >= this.box.end) this.endBox();
				continue;
			}
			at += this.readHeader(chunk.subarray(at));
		}
		this.seen += chunk.length;
	}

	/** Takes header bytes from `bytes`; returns how many it took. */
	private readHeader(bytes: Uint8Array): number {
		const wanted = this.header.length < 8 ? 8 : this.header.readUInt32BE(0) === 1 ? 16 : 8;
		const take = Math.min(wanted - this.header.length, bytes.length);
		this.header = Buffer.concat([this.header, bytes.subarray(0, take)]);
		if (this.header.length < 8) return take;
		const size32 = this.header.readUInt32BE(0);
		if (size32 === 1 && this.header.length < 16) return take;
		const headerBytes = size32 === 1 ? 16 : 8;
		// size 0: the box runs to the end of the file
		const size =
			size32 === 1
				? Number(this.header.readBigUInt64BE(8))
				: size32 === 0
					? Number.POSITIVE_INFINITY
					: size32;
		const type = this.header.toString('latin1', 4, 8);
		this.header = Buffer.alloc(0);
		if (size < headerBytes || (type === 'moov' && size > MOOV_LIMIT)) {
			this.done = true;
			return take;
		}
		this.box = { type, end: this.next + size };
		return take;
	}

	private endBox() {
		const box = this.box!;
		this.box = undefined;
		this.next = box.end;
		if (box.type !== 'moov') return;
		this.durationMs = movieDurationMs(Buffer.concat(this.moov));
		this.done = true;
	}
}

/** The duration in the mvhd box among a moov box's children, in milliseconds. */
export function movieDurationMs(moov: Buffer): number | undefined {
	for (let at = 0; at + 8 <= moov.length; ) {
		const size = moov.readUInt32BE(at);
		const type = moov.toString('latin1', at + 4, at + 8);
		if (size < 8) return undefined;
		if (type === 'mvhd') {
			const v = moov[at + 8];
			const need = v === 1 ? 40 : 28;
			if (at + need > moov.length) return undefined;
			const timescale = moov.readUInt32BE(at + (v === 1 ? 28 : 20));
			const duration = v === 1 ? Number(moov.readBigUInt64BE(at + 32)) : moov.readUInt32BE(at + 24);
			return timescale ? Math.round((duration * 1000) / timescale) : undefined;
		}
		at += size;
	}
	return undefined;
}
