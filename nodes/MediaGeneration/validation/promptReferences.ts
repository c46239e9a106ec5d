import { InputError } from './inputError';

/** The input numbers a prompt refers to with @Image N or @Video N (spec 4.2, 4.6). */
export function referencedNumbers(prompt: string, tag: 'Image' | 'Video'): number[] {
	const found = new Set<number>();
	for (const m of prompt.matchAll(new RegExp(`@${tag}\\s*(\\d+)`, 'gi'))) found.add(Number(m[1]));
	return [...found].sort((a, b) => a - b);
}

/** Every @Image N / @Video N in the prompt must name an input the request carries. */
export function checkPromptReferences(
	prompt: string,
	tag: 'Image' | 'Video',
	given: number,
	inputLabel: string,
) {
	const missing = referencedNumbers(prompt, tag).filter((n) => n < 1 || n > given);
	if (!missing.length) return;
	const refs = missing.map((n) => `@${tag} ${n}`).join(', ');
	const have =
		given === 0
			? `no ${inputLabel} are given`
			: `only ${given} ${inputLabel} ${given === 1 ? 'is' : 'are'} given (@${tag} 1${given > 1 ? ` to @${tag} ${given}` : ''})`;
	throw new InputError(
		`Prompt refers to ${refs}, but ${have}. Add the missing ${inputLabel} or change the prompt.`,
	);
}
