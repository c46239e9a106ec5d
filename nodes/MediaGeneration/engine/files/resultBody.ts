import type { JobKind } from '../../contract/jobs';
import { sniffAudioType, sniffImageType, sniffVideoType } from '../../validation/fileType';
import { JOB_KINDS } from '../jobs/jobKinds';

/**
 * What a file host's answer holds, judged by its bytes: the media the job made, or something
 * else that must never be stored in its place (a CDN's error page, an object store's XML error).
 * Pure: tested with plain buffers.
 */

/** "an HTML page", "JSON", …: what a body that is not media looks like, from its first bytes. */
export function bodyKind(head: Buffer): string {
	if (head.length === 0) return 'an empty body';
	const text = head
		.toString('latin1')
		.replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
		.trimStart();
	const lower = text.toLowerCase();
	if (/^<!doctype html|^<html|^<head|^<body/.test(lower)) return 'an HTML page';
	if (lower.startsWith('<?xml') || /^<[a-z][\w:-]*[\s>]/.test(lower)) {
		return /<html/.test(lower) ? 'an HTML page' : 'an XML document';
	}
	if (/^[[{]/.test(text)) return 'JSON';
	if (sniffImageType(head) ?? sniffVideoType(head) ?? sniffAudioType(head)) return 'other media';
	const printable = [...head].filter(
		(b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127),
	);
	if (printable.length === head.length) return 'plain text';
	return 'data of an unknown type';
}

/** "the file host at cdn.example.com": who answered, for messages (the link's host only, never its path). */
export function fileHostOf(url: string): string {
	try {
		return `the file host at ${new URL(url).host}`;
	} catch {
		return 'the file host';
	}
}

/**
 * The reason a 2xx body is refused, for messages: "the file host at cdn.example.com answered 200
 * with an HTML page (395 bytes), not a PNG, JPEG or WebP image".
 */
export function notMediaReason(
	kind: JobKind,
	answer: { host: string; status: number },
	head: Buffer,
	size: { bytes: number; complete: boolean },
): string {
	const bytes = size.complete ? `${size.bytes} bytes` : `more than ${size.bytes} bytes`;
	return `${answer.host} answered ${answer.status} with ${bodyKind(head)} (${bytes}), not ${JOB_KINDS[kind].media.label}`;
}

/**
 * A link past its time, or one the object store no longer honours: the job gives a fresh one.
 * S3 answers 403 AccessDenied "Request has expired", GCS 400 ExpiredToken, Azure 403
 * AuthenticationFailed; a removed object 404 or 410. Other 4xx answers are final.
 */
export function isStaleLink(status: number, bodyStart: string): boolean {
	if (status === 403 || status === 404 || status === 410) return true;
	if (status !== 400 && status !== 401) return false;
	return /expired|ExpiredToken|AuthenticationFailed|AccessDenied|SignatureDoesNotMatch/i.test(
		bodyStart,
	);
}

/** The error code an object store puts in its XML or JSON error body, if any ("ExpiredToken"). */
export function storageErrorCode(bodyStart: string): string | undefined {
	const xml = /<Code>\s*([A-Za-z][\w.]{0,60})\s*<\/Code>/.exec(bodyStart);
	if (xml) return xml[1];
	const json = /"(?:code|Code|error)"\s*:\s*"([A-Za-z][\w.]{0,60})"/.exec(bodyStart);
	return json?.[1];
}
