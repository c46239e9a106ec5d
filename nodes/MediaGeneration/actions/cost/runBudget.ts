import type { CreditEstimate } from '../../contract/credits';

/**
 * Max Credits for the Run, as a pure rule: the items' estimates are added in input order, and an
 * item that would take the total past the limit is refused (a later, cheaper item may still fit).
 * A job an earlier try of this run created (Retry On Fail) is paid for already: it is counted
 * first, once, and never refused.
 */

/** One create of the run, in input order. */
export type BudgetItem = {
	itemIndex: number;
	estimate?: CreditEstimate;
	/** an earlier try of this run created its job (or sent its create): it is taken up, not made */
	madeEarlier: boolean;
};

export type BudgetVerdict = {
	/** why an item may not go, by its position among the items */
	refused: Map<number, string>;
	/** the estimated total of every item, counting each once */
	total: number;
	/** the first item refused for the limit, with the total admitted before it */
	firstOver?: { pos: number; soFar: number; credits: number };
};

/** Credits to the hundredth, as the service's prices go. */
const round = (n: number) => Math.round(n * 100) / 100;

/** "1 credit", "1,440 credits" */
export const credits = (n: number) =>
	`${round(n).toLocaleString('en-US')} ${round(n) === 1 ? 'credit' : 'credits'}`;

function overMessage(limit: number, soFar: number, estimate: CreditEstimate & { credits: number }) {
	return `Max Credits for the Run (${limit}) would be passed: the items admitted so far total an estimated ${credits(soFar)}, and this item adds ${credits(estimate.credits)} (${estimate.basis}). Raise Max Credits for the Run, or send fewer or cheaper items.`;
}

function unknownMessage(limit: number, estimate?: CreditEstimate) {
	return `Max Credits for the Run is set (${limit}), but this item's cost cannot be estimated (${estimate?.basis ?? 'no estimate'}). Give what its cost depends on (for audio from a prompt, its length, such as "a 5-minute episode"), or set Max Credits for the Run to 0.`;
}

export function judgeBudget(limit: number, items: BudgetItem[]): BudgetVerdict {
	const refused = new Map<number, string>();
	let soFar = items
		.filter((it) => it.madeEarlier)
		.reduce((sum, it) => sum + (it.estimate?.credits ?? 0), 0);
	let firstOver: BudgetVerdict['firstOver'];
	items.forEach((it, pos) => {
		if (it.madeEarlier) return;
		const estimate = it.estimate;
		if (estimate?.credits === undefined) {
			refused.set(pos, unknownMessage(limit, estimate));
			return;
		}
		if (round(soFar + estimate.credits) > round(limit)) {
			firstOver ??= { pos, soFar: round(soFar), credits: estimate.credits };
			refused.set(pos, overMessage(limit, soFar, { ...estimate, credits: estimate.credits }));
			return;
		}
		soFar += estimate.credits;
	});
	const total = round(items.reduce((sum, it) => sum + (it.estimate?.credits ?? 0), 0));
	return { refused, total, firstOver };
}

/** The run's error without Continue On Fail: the whole batch's total, and where it passes the limit. */
export function batchOverMessage(
	limit: number,
	verdict: BudgetVerdict,
	items: BudgetItem[],
): string {
	const over = verdict.firstOver!;
	const n = items.length;
	const which = items[over.pos].itemIndex + 1;
	return `This run's ${n} ${n === 1 ? 'item is' : 'items are'} estimated at ${credits(verdict.total)} in all, above Max Credits for the Run (${limit}); no job was created. Item ${which} is the first past it: ${credits(over.soFar)} before it, and ${credits(over.credits)} for it. Raise the limit, send fewer items, or turn on Continue On Fail to run the items that fit.`;
}
