import type { IDataObject } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { JOB_KINDS } from './jobKinds';

/** Links to results are valid for 24 hours (spec 3, 8). */
export const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** When a link fetched at `fetchedAt` stops working. */
export function linkExpiry(fetchedAt: number): string {
	return new Date(fetchedAt + LINK_VALIDITY_MS).toISOString();
}

/** Leaves out fields the service did not give, so output items hold no `undefined`. */
export function compact(json: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined));
}

/** The job's JSON as the service gave it, plus job_id, a common status and each link's expiry time. */
export function describeJob(
	kind: JobKind,
	jobId: string,
	body: IDataObject,
	fetchedAt: number,
): IDataObject {
	const expires = linkExpiry(fetchedAt);
	const out: IDataObject = { job_id: jobId, ...body, status: JOB_KINDS[kind].state(body) };
	if (typeof out.url === 'string' && out.url) out.url_expires_at = expires;
	if (Array.isArray(out.images)) {
		out.images = (out.images as IDataObject[]).map((img) => ({ ...img, url_expires_at: expires }));
	}
	return out;
}

/** The output file's name: the File Name option (or kind and job), a number when a job has several. */
export function outputFileName(
	kind: JobKind,
	jobId: string,
	option: string,
	fileNumber: number,
	fileCount: number,
	extension: string,
): string {
	const chosen = option.trim().replace(/\.(png|jpe?g|webp|mp4|mov|mp3)$/i, '');
	const base = chosen || `${kind}-${jobId.slice(0, 8)}`;
	return `${base}${fileCount > 1 ? `-${fileNumber}` : ''}.${extension}`;
}
