import type { IDataObject } from 'n8n-workflow';
import type { ResultFile } from './types';

/** Links to results are valid for 24 hours (spec 3, 8). */
export const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;

export type JobKind = 'image' | 'video' | 'podcast';

/** When a link fetched at `fetchedAt` stops working. */
export function linkExpiry(fetchedAt: number): string {
	return new Date(fetchedAt + LINK_VALIDITY_MS).toISOString();
}

export const JOB_PATH: Record<JobKind, (id: string) => string> = {
	image: (id) => `/image/${encodeURIComponent(id)}`,
	video: (id) => `/video/${encodeURIComponent(id)}`,
	podcast: (id) => `/podcast/${encodeURIComponent(id)}`,
};

/** One state vocabulary for all jobs; audio jobs report finished/error instead of a status. */
export type JobState = 'queued' | 'processing' | 'succeeded' | 'failed';

export function jobState(kind: JobKind, body: IDataObject): JobState {
	if (kind === 'podcast') {
		if (body.error === true) return 'failed';
		return body.finished === true ? 'succeeded' : 'processing';
	}
	const s = body.status;
	return s === 'queued' || s === 'succeeded' || s === 'failed' ? s : 'processing';
}

/** The job's JSON as the service gave it, plus job_id, a common status and each link's expiry time. */
export function describeJob(
	kind: JobKind,
	jobId: string,
	body: IDataObject,
	fetchedAt: number,
): IDataObject {
	const expires = linkExpiry(fetchedAt);
	const out: IDataObject = { job_id: jobId, ...body, status: jobState(kind, body) };
	if (typeof out.url === 'string' && out.url) out.url_expires_at = expires;
	if (Array.isArray(out.images)) {
		out.images = (out.images as IDataObject[]).map((img) => ({ ...img, url_expires_at: expires }));
	}
	return out;
}

/** The files of a succeeded job, in the service's order, each with its own fields. */
export function resultFiles(kind: JobKind, body: IDataObject): ResultFile[] {
	if (kind === 'image') {
		const images = Array.isArray(body.images) ? (body.images as IDataObject[]) : [];
		return images.map((img, i) => ({
			url: String(img.url ?? ''),
			json: { image_number: i + 1, image_id: img.image_id, width: img.width, height: img.height },
		}));
	}
	if (kind === 'video') {
		const { video_id, duration_ms, width, height, model } = body;
		return [{ url: String(body.url ?? ''), json: { video_id, duration_ms, width, height, model } }];
	}
	return [{ url: String(body.url ?? ''), json: { script: body.script } }];
}

/** How errors name a job of each kind ("Audio job …"), and the node resource that handles it. */
export const KIND_LABEL: Record<JobKind, string> = {
	image: 'Image',
	video: 'Video',
	podcast: 'Audio',
};
export const RESOURCE_LABEL: Record<JobKind, string> = {
	image: 'Image',
	video: 'Video',
	podcast: 'Podcast',
};
