import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { hasSlots, type JobKind } from '../../contract/jobs';
import { apiRequest } from '../../transport/request';
import { logCreatedJob } from '../jobs/jobLog';
import type { JobRequest } from '../jobs/types';

/**
 * Sends one create request. For a kind with slots (audio), a 429 means "no slot free" and is not
 * retried by the transport: the batch sends the request again when one of its own jobs ends or
 * the service's Retry-After has passed (see createGate.ts). Nothing else is ever sent twice.
 */
export async function submitJob(
	ctx: IExecuteFunctions,
	itemIndex: number,
	req: JobRequest,
): Promise<{ jobId: string; estimatedCredits?: number }> {
	const body = await apiRequest<IDataObject>(ctx, {
		method: 'POST',
		intent: { create: req.kind },
		path: req.create!.path,
		body: req.create!.body,
		itemIndex,
		timeoutMs: req.settings.createTimeoutMs,
		retryOn429: !hasSlots(req.kind),
	});
	const jobId = typeof body.job_id === 'string' ? body.job_id : '';
	const estimated = typeof body.estimated_credits === 'number' ? body.estimated_credits : undefined;
	if (jobId) logCreatedJob(ctx, req.kind, jobId, itemIndex);
	return { jobId, estimatedCredits: estimated };
}

/**
 * For a create of `kind` that failed: whether it met "no slot free" (a 429 to a kind with slots,
 * which the batch waits out), and the Retry-After that came with it. Other kinds' 429s were
 * already tried again by the transport, as far as it goes.
 */
export function slotRefusal(kind: JobKind, error: unknown): { retryAfter?: string } | undefined {
	if (!hasSlots(kind)) return undefined;
	if (!(error instanceof NodeApiError) || error.httpCode !== '429') return undefined;
	return { retryAfter: (error.context as { retryAfter?: string }).retryAfter };
}
