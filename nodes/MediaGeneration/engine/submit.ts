import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest } from '../transport/request';
import { logCreatedJob } from './jobLog';
import type { JobKind } from './jobs';
import type { JobRequest } from './types';

/** Audio jobs the service runs at once per workspace (spec 8); more answer 429. */
export const AUDIO_SLOTS = 5;

/** How many jobs of this kind may be in flight together; Infinity where the service queues them. */
export function slotsFor(kind: JobKind): number {
	return kind === 'podcast' ? AUDIO_SLOTS : Infinity;
}

/**
 * Sends one create request. Audio creates are not retried on 429 by the transport: for them a
 * 429 means "no slot free", and the engine sends the request again when one of its own jobs
 * ends or the service's Retry-After has passed. Nothing else is ever sent twice.
 */
export async function submitJob(
	ctx: IExecuteFunctions,
	itemIndex: number,
	req: JobRequest,
): Promise<{ jobId: string; estimatedCredits?: number }> {
	const body = await apiRequest<IDataObject>(ctx, {
		method: 'POST',
		path: req.create!.path,
		body: req.create!.body,
		itemIndex,
		timeoutMs: req.settings.createTimeoutMs,
		retryOn429: req.kind !== 'podcast',
	});
	const jobId = typeof body.job_id === 'string' ? body.job_id : '';
	const estimated = typeof body.estimated_credits === 'number' ? body.estimated_credits : undefined;
	if (jobId) logCreatedJob(ctx, req.kind, jobId, itemIndex);
	return { jobId, estimatedCredits: estimated };
}

/**
 * For a create of `kind` that failed: whether it met "no slot free" (a 429 to an audio create,
 * which the engine waits out), and the Retry-After that came with it. Other kinds' 429s were
 * already tried again by the transport, as far as it goes.
 */
export function busyFor(kind: JobKind, error: unknown): { busy: boolean; retryAfter?: string } {
	if (kind !== 'podcast') return { busy: false };
	if (!(error instanceof NodeApiError) || error.httpCode !== '429') return { busy: false };
	return { busy: true, retryAfter: (error.context as { retryAfter?: string }).retryAfter };
}
