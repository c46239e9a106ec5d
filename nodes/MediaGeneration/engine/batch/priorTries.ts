import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';

/**
 * n8n's Retry On Fail runs the node's execute() again from the start, in the same execution, when
 * the node throws or its first output item is an error item. What one run of the node sent in an
 * earlier try is kept here, so that a later try takes it up instead of paying for it again: the
 * jobs it created, the creates whose outcome it could not learn, and the files it uploaded.
 *
 * Pure: the records live in a plain object that the caller hands over (the node's execution
 * context, see nodeMemory.ts), one entry per run index of the node, so that a node run again in a
 * loop makes its own jobs.
 */

/** A job an earlier try created, or a create whose answer it never got. */
export type PriorJob = {
	kind: JobKind;
	/** when the job was created, or when the create without an answer was sent (ms) */
	at: number;
	/** the job's id; absent when the create got no clear answer */
	id?: string;
	/** the credits the create estimated */
	credits?: number;
	/** what the create got instead of an answer (HTTP 502, ECONNRESET …): the job may exist */
	unanswered?: string;
};

/** What one run of the node keeps: its jobs by item and request, its uploads by item and file. */
export type RunRecords = { jobs: Record<string, PriorJob>; uploads: Record<string, IDataObject> };

/** The slot in the node's context that holds the records, by run index. */
export const RECORDS_SLOT = 'priorTries';

type Create = { path: string; body: IDataObject };

/** JSON with every object's keys sorted, so that equal requests read the same. */
function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value)
			.sort()
			.filter((k) => (value as IDataObject)[k] !== undefined)
			.map((k) => `${JSON.stringify(k)}:${stableJson((value as IDataObject)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** An item's create request, as a short key: the item, and a digest of the path and body. */
export function requestKey(itemIndex: number, create: Create): string {
	const digest = createHash('sha256')
		.update(`${create.path}\n${stableJson(create.body)}`)
		.digest('base64url')
		.slice(0, 22);
	return `${itemIndex} ${digest}`;
}

/** An item's input file, as uploaded: the item, the kind of upload, the binary field, its size. */
export type UploadSource = { kind: string; field: string; size: number };

export function uploadKey(itemIndex: number, file: UploadSource): string {
	return `${itemIndex} ${file.kind} ${file.field} ${file.size}`;
}

/** The records of one run of the node, over the node's context object. */
export class PriorTries {
	constructor(
		private readonly context: IDataObject,
		private readonly run: number,
	) {}

	/** What an earlier try sent for this item's create request, if anything. */
	job(itemIndex: number, create: Create): PriorJob | undefined {
		return this.records()?.jobs[requestKey(itemIndex, create)];
	}

	/** A create made a job, or got no clear answer (`unanswered`): later tries take it up. */
	sent(itemIndex: number, create: Create, job: PriorJob): void {
		this.records(true)!.jobs[requestKey(itemIndex, create)] = job;
	}

	/** The job failed: the service does not charge it, so a later try may create it again. */
	failed(itemIndex: number, create: Create): void {
		const records = this.records();
		if (records) delete records.jobs[requestKey(itemIndex, create)];
	}

	/** What the service answered to an earlier try's upload of this file. */
	upload(itemIndex: number, file: UploadSource): IDataObject | undefined {
		return this.records()?.uploads[uploadKey(itemIndex, file)];
	}

	uploaded(itemIndex: number, file: UploadSource, answer: IDataObject): void {
		this.records(true)!.uploads[uploadKey(itemIndex, file)] = answer;
	}

	/** The run ended with nothing for n8n to try again: its records go. */
	forgetRun(): void {
		const all = this.context[RECORDS_SLOT] as Record<string, RunRecords> | undefined;
		if (!all) return;
		delete all[this.run];
		if (!Object.keys(all).length) delete this.context[RECORDS_SLOT];
	}

	private records(create = false): RunRecords | undefined {
		let all = this.context[RECORDS_SLOT] as Record<string, RunRecords> | undefined;
		if (!all) {
			if (!create) return undefined;
			all = {};
			this.context[RECORDS_SLOT] = all;
		}
		if (!all[this.run] && create) all[this.run] = { jobs: {}, uploads: {} };
		return all[this.run];
	}
}
