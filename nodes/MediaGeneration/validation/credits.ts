import { InputError } from './inputError';

/** "1 credit", "3 credits" */
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** "1 credit per image", "3 credits per second" */
export const creditsPer = (n: number, unit: string) => `${credits(n)} per ${unit}`;

/** The credit guard: an estimate above the item's Max Credits stops it before any job is created. */
export function checkCredits(
	estimated: number,
	maxCredits: number,
	how: string,
	cheaper = 'choose a cheaper resolution, count or duration',
) {
	if (maxCredits > 0 && estimated > maxCredits) {
		throw new InputError(
			`This item would cost an estimated ${credits(estimated)} (${how}), above Max Credits (${maxCredits}). Raise Max Credits or ${cheaper}.`,
		);
	}
}
