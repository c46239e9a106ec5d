import type { IDataObject } from 'n8n-workflow';

import { UPLOAD_LIMITS } from '../../validation/fileType';
import { InputError } from '../../validation/inputError';
import { VideoLength } from '../../validation/videoLength';

/** The parts of a checked upload file (upload/uploadBinary.ts) that a dry run reads. */
type CheckedFile = {
	kind: 'image' | 'video';
	field: string;
	origin?: string;
	source: { open: () => Promise<AsyncIterable<Uint8Array | string>> };
};

/**
 * What a dry run takes in place of an upload's answer: no id (nothing is uploaded), and for a
 * video the length read from its own header, as the service reads it. That length prices a video
 * whose output follows its source. A clip the service would refuse as too long fails here too.
 */
export async function dryUploadAnswer(file: CheckedFile): Promise<IDataObject> {
	const answer: IDataObject = { [`${file.kind}_id`]: '' };
	if (file.kind !== 'video') return answer;
	const durationMs = await videoLengthMs(file);
	if (durationMs === undefined) return answer;
	const limit = UPLOAD_LIMITS.video.seconds;
	if (durationMs > limit * 1000) {
		const where = file.origin ?? `Binary field "${file.field}"`;
		throw new InputError(
			`${where} is ${durationMs / 1000} s long; video uploads may be at most ${limit} s`,
		);
	}
	return { ...answer, duration_ms: durationMs };
}

/** A video's length from its movie header, reading the file only until the header has passed. */
async function videoLengthMs(file: CheckedFile): Promise<number | undefined> {
	const length = new VideoLength();
	const source = await file.source.open();
	try {
		for await (const chunk of source) {
			length.feed(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
			if (length.durationMs !== undefined) break;
		}
	} finally {
		(source as { destroy?: () => void }).destroy?.();
	}
	return length.durationMs;
}
