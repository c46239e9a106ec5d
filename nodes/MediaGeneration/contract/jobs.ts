import type { IDataObject } from 'n8n-workflow';

/**
 * The service's kinds of job, and what every layer may say of one: its name and how many run at
 * once. This is the service's contract, so it imports nothing of the node; the engine's table
 * (engine/jobs/jobKinds.ts) adds how each kind is polled, checked and downloaded.
 */
export type JobKind = 'image' | 'video' | 'podcast';

export type JobKindTerms = {
	/** how errors name a job of this kind ("Audio job …") */
	label: string;
	/** the node resource whose Get and Download handle it */
	resource: string;
	/** the operation whose job_id Get, Download and Check take, as the form names it */
	createdBy: string;
	/**
	 * Jobs of this kind the service runs at once per workspace; more answer 429 ("no slot free"),
	 * which the engine waits out instead of the transport. Infinity: the service queues them.
	 */
	slots: number;
};

export const JOB_KIND_TERMS: Record<JobKind, JobKindTerms> = {
	image: { label: 'Image', resource: 'Image', createdBy: 'Image > Generate', slots: Infinity },
	video: { label: 'Video', resource: 'Video', createdBy: 'Video > Generate', slots: Infinity },
	// spec 8: five audio jobs at once per workspace
	podcast: { label: 'Audio', resource: 'Podcast', createdBy: 'a Podcast operation', slots: 5 },
};

/** A kind whose creates wait for a free slot (the service refuses more than it runs). */
export function hasSlots(kind: JobKind): boolean {
	return JOB_KIND_TERMS[kind].slots !== Infinity;
}

/** One state vocabulary for all jobs; audio jobs report finished/error instead of a status. */
export type JobState = 'queued' | 'processing' | 'succeeded' | 'failed';

/** One result file of a finished job, with the fields its output item shows. */
export type ResultFile = { url: string; json: IDataObject };
