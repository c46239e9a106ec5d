import type { JobKind } from '../contract/jobs';

/**
 * What a request is for. It decides which failures are tried again (retry.ts) and how an error
 * reads (errors.ts). A create names the kind of job it makes: whether the job may exist after a
 * failure, and which Get and Download find it, follow from that.
 */
export type Intent = 'read' | 'upload' | { create: JobKind };

export function isCreate(intent: Intent): intent is { create: JobKind } {
	return typeof intent === 'object';
}

/** The intent as one word, for grouping requests that back off together. */
export function intentName(intent: Intent): 'read' | 'upload' | 'create' {
	return isCreate(intent) ? 'create' : intent;
}
