'use strict';
/** Writes small but real MP4 files (H.264 grey frames at 1 fps) and reads the facts an upload check needs. */
const h264 = require('./h264');
const { boxHead, box, fullBox, u32, u16, boxes, child } = require('./boxes');

const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * @param {{width:number,height:number,durationMs:number,brand?:'mp4'|'mov',videoTrack?:boolean,paddingBytes?:number}} o
 */
function writeMp4({
	width,
	height,
	durationMs,
	brand = 'mp4',
	videoTrack = true,
	paddingBytes = 0,
}) {
	const ftyp =
		brand === 'mov'
			? box('ftyp', Buffer.from('qt  ', 'latin1'), u32(0x200), Buffer.from('qt  ', 'latin1'))
			: box(
					'ftyp',
					Buffer.from('isom', 'latin1'),
					u32(0x200),
					Buffer.from('isomiso2avc1mp41', 'latin1'),
				);
	const frames = Math.max(1, Math.round(durationMs / 1000));
	const frameMs = durationMs / frames;
	const samples = videoTrack
		? Array.from({ length: frames }, (_, i) => h264.frameSample(width, height, i))
		: [];
	const mvhd = fullBox(
		'mvhd',
		0,
		0,
		u32(0, 0, 1000, durationMs, 0x10000),
		u16(0x100, 0),
		u32(0, 0),
		MATRIX,
		u32(0, 0, 0, 0, 0, 0, 2),
	);
	let trak = Buffer.alloc(0);
	if (videoTrack) {
		const sps = h264.sps(width, height);
		const pps = h264.pps();
		const avcC = box(
			'avcC',
			Buffer.from([1, 66, 0xc0, 40, 0xff, 0xe1]),
			u16(sps.length),
			sps,
			Buffer.from([1]),
			u16(pps.length),
			pps,
		);
		const avc1 = box(
			'avc1',
			Buffer.alloc(6),
			u16(1),
			Buffer.alloc(16),
			u16(width, height),
			u32(0x480000, 0x480000, 0),
			u16(1),
			Buffer.alloc(32),
			u16(0x18, 0xffff),
			avcC,
		);
		const stbl = box(
			'stbl',
			fullBox('stsd', 0, 0, u32(1), avc1),
			fullBox('stts', 0, 0, u32(1, frames, Math.round(frameMs))),
			fullBox('stsc', 0, 0, u32(1, 1, frames, 1)),
			fullBox('stsz', 0, 0, u32(0, frames), ...samples.map((s) => u32(s.length))),
			fullBox('stco', 0, 0, u32(1, 0)), // chunk offset patched below
		);
		const minf = box(
			'minf',
			fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)),
			box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
			stbl,
		);
		const mdia = box(
			'mdia',
			fullBox('mdhd', 0, 0, u32(0, 0, 1000, Math.round(frameMs) * frames), u16(0x55c4, 0)),
			fullBox(
				'hdlr',
				0,
				0,
				u32(0),
				Buffer.from('vide', 'latin1'),
				u32(0, 0, 0),
				Buffer.from('VideoHandler\0', 'latin1'),
			),
			minf,
		);
		const tkhd = fullBox(
			'tkhd',
			0,
			3,
			u32(0, 0, 1, 0, durationMs, 0, 0),
			u16(0, 0, 0, 0),
			MATRIX,
			u32(width * 0x10000, height * 0x10000),
		);
		trak = box('trak', tkhd, mdia);
	}
	const moov = box('moov', mvhd, trak);
	const freeBytes = paddingBytes > 0 ? paddingBytes + 8 : 0;
	const dataOffset = ftyp.length + moov.length + freeBytes + 8;
	if (videoTrack) {
		const at = moov.lastIndexOf(Buffer.from('stco', 'latin1'));
		moov.writeUInt32BE(dataOffset, at + 4 + 4 + 4);
	}
	const mdat = box('mdat', ...samples);
	// written into one zeroed buffer, the padding never copied: built by copies, a 100 MB file took
	// 1.6 s on 2 cores, during which the fake answered nothing, where a file host serves at once
	const out = Buffer.alloc(dataOffset - 8 + mdat.length);
	ftyp.copy(out, 0);
	moov.copy(out, ftyp.length);
	if (freeBytes) boxHead('free', paddingBytes).copy(out, ftyp.length + moov.length);
	mdat.copy(out, dataOffset - 8);
	return out;
}

/** @returns {{container:'mp4'|'mov', durationMs:number, hasVideo:boolean, width:number, height:number}|undefined} */
function readMp4(buf) {
	const top = [...boxes(buf)];
	if (!top.length) return undefined;
	const ftyp = top.find((b) => b.type === 'ftyp');
	if (top[0].type !== 'ftyp' && !['moov', 'mdat', 'wide', 'free'].includes(top[0].type))
		return undefined;
	const brand = ftyp ? buf.toString('latin1', ftyp.start, ftyp.start + 4) : 'qt  ';
	const container = brand === 'qt  ' ? 'mov' : 'mp4';
	const result = { container, durationMs: 0, hasVideo: false, width: 0, height: 0 };
	const moov = top.find((b) => b.type === 'moov');
	if (!moov) return result;
	const mvhd = child(buf, moov, 'mvhd');
	if (mvhd) {
		const v = buf[mvhd.start];
		const timescale =
			v === 1 ? buf.readUInt32BE(mvhd.start + 20) : buf.readUInt32BE(mvhd.start + 12);
		const duration =
			v === 1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);
		result.durationMs = timescale ? Math.round((duration * 1000) / timescale) : 0;
	}
	for (const trak of boxes(buf, moov.start, moov.end)) {
		if (trak.type !== 'trak') continue;
		const mdia = child(buf, trak, 'mdia');
		const hdlr = mdia && child(buf, mdia, 'hdlr');
		if (!hdlr || buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
		result.hasVideo = true;
		const tkhd = child(buf, trak, 'tkhd');
		if (tkhd) {
			const off = buf[tkhd.start] === 1 ? 88 : 76;
			result.width = buf.readUInt32BE(tkhd.start + off) >>> 16;
			result.height = buf.readUInt32BE(tkhd.start + off + 4) >>> 16;
		}
	}
	return result;
}

module.exports = { writeMp4, readMp4 };
