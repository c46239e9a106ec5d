import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { priorTriesOf } from '../../engine/batch/nodeMemory';
import type { JobRequest } from '../../engine/jobs/types';
import { batchOverMessage, judgeBudget, type BudgetItem } from './runBudget';

type Prepared = { ok: true; value: JobRequest } | { ok: false; error: unknown };

/**
 * Applies Max Credits for the Run to the run's checked items (`prepared`, by position; `indexes`
 * their item indexes), before any job is created. With Continue On Fail, each item past the limit
 * becomes a failed item; without it, the run fails here, giving the whole batch's total. An item
 * that failed its own checks is left as it is; without Continue On Fail it fails the run first.
 */
export function withinRunBudget(
	ctx: IExecuteFunctions,
	limit: number,
	continueOnFail: boolean,
	indexes: number[],
	prepared: Prepared[],
): Prepared[] {
	if (!(limit > 0)) return prepared;
	if (!continueOnFail && prepared.some((p) => !p.ok)) return prepared;
	const prior = priorTriesOf(ctx);
	const positions: number[] = [];
	const items: BudgetItem[] = [];
	prepared.forEach((p, pos) => {
		if (!p.ok || !p.value.create) return;
		const itemIndex = indexes[pos];
		const earlier = prior.job(itemIndex, p.value.create);
		// a job taken up is counted at the service's own estimate when it gave one
		const estimate =
			earlier?.credits !== undefined && p.value.estimate
				? { ...p.value.estimate, credits: earlier.credits }
				: p.value.estimate;
		positions.push(pos);
		items.push({ itemIndex, estimate, madeEarlier: earlier !== undefined });
	});
	const verdict = judgeBudget(limit, items);
	if (!verdict.refused.size) return prepared;
	const fail = (at: number, message: string) =>
		new NodeOperationError(ctx.getNode(), message, { itemIndex: items[at].itemIndex });
	if (!continueOnFail) {
		const [first, message] = [...verdict.refused][0];
		throw first === verdict.firstOver?.pos
			? fail(first, batchOverMessage(limit, verdict, items))
			: fail(first, message);
	}
	const out = [...prepared];
	for (const [at, message] of verdict.refused)
		out[positions[at]] = { ok: false, error: fail(at, message) };
	return out;
}
