/** Recognises media by its first bytes, never by its name or declared MIME type. */

/** Bytes kept from the start of a file to recognise its type (more than any sniff below reads). */
export const HEAD_BYTES = 64;

export type ImageType = {
	kind: 'image';
	mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
	extension: string;
};
export type VideoType = {
	kind: 'video';
	mimeType: 'video/mp4' | 'video/quicktime';
	extension: string;
};
export type AudioType = { kind: 'audio'; mimeType: 'audio/mpeg'; extension: string };
export type MediaType = ImageType | VideoType | AudioType;

export function sniffImageType(head: Uint8Array): ImageType | undefined {
	const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
	if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG') {
		return { kind: 'image', mimeType: 'image/png', extension: 'png' };
	}
	if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
		return { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' };
	}
	if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
		return { kind: 'image', mimeType: 'image/webp', extension: 'webp' };
	}
	return undefined;
}

export function sniffVideoType(head: Uint8Array): VideoType | undefined {
	if (head.length < 12) return undefined;
	const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
	const box = ascii(4, 8);
	if (box === 'ftyp') {
		return ascii(8, 12) === 'qt  '
			? { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' }
			: { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' };
	}
	if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) {
		return { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' };
	}
	return undefined;
}

/** MP3: an ID3 tag or an MPEG audio frame header (11 sync bits). */
export function sniffAudioType(head: Uint8Array): AudioType | undefined {
	const id3 = head.length >= 3 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33;
	const frame = head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0;
	return id3 || frame ? { kind: 'audio', mimeType: 'audio/mpeg', extension: 'mp3' } : undefined;
}

export const UPLOAD_LIMITS = {
	image: { bytes: 20 * 1024 * 1024, label: '20 MB', types: 'PNG, JPEG or WebP' },
	video: { bytes: 100 * 1024 * 1024, label: '100 MB', types: 'MP4 or MOV', seconds: 60 },
} as const;
