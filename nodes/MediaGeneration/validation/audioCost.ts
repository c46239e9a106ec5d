import type { CreditEstimate } from '../contract/credits';
import { checkCredits, creditsPer } from './credits';
import { InputError } from './inputError';
import type { audioLength } from './podcastRequest';

/**
 * Audio costs about this many credits per minute of audio: the rate the service's API
 * documentation states (spec 1 and 8). Wondercraft's older pages give lower rates, so estimates
 * made with it are meant as an upper bound.
 */
export const AUDIO_CREDITS_PER_MINUTE = 10;

/** "2 minutes", "1 minute", "1.1 minutes" */
const minutes = (n: number) => {
	const shown = Math.round(n * 10) / 10;
	return `${shown} ${shown === 1 ? 'minute' : 'minutes'}`;
};

/** Why a prompt's audio has no estimate. */
export const NO_AUDIO_LENGTH = 'the prompt states no length';

/** An audio job's estimated credits and how they were counted (none when its length is unknown). */
export function audioEstimate(length: ReturnType<typeof audioLength>): CreditEstimate {
	if (!length) return { basis: NO_AUDIO_LENGTH };
	// rounded up to a whole credit; the rounding to 1/1000 first keeps 2.0000001 at 2
	const credits = Math.ceil(Math.round(length.minutes * AUDIO_CREDITS_PER_MINUTE * 1000) / 1000);
	const basis = `${creditsPer(AUDIO_CREDITS_PER_MINUTE, 'minute of audio')} × about ${minutes(length.minutes)}: ${length.basis}`;
	return { credits, basis };
}

/**
 * An audio job's estimated credits (undefined when its length is unknown: a prompt that states
 * none), checked against Max Credits. With Max Credits set, an unknown length is refused: the
 * guard cannot promise anything for it.
 */
export function checkAudioCredits(
	length: ReturnType<typeof audioLength>,
	maxCredits: number,
): number | undefined {
	const estimate = audioEstimate(length);
	if (estimate.credits === undefined) {
		if (maxCredits > 0) {
			throw new InputError(
				`Max Credits is set (${maxCredits}), but the prompt states no length, so its cost cannot be estimated. Say how long the audio should be in the prompt (for example "a 5-minute episode"), or set Max Credits to 0.`,
			);
		}
		return undefined;
	}
	checkCredits(estimate.credits, maxCredits, estimate.basis, 'ask for shorter audio');
	return estimate.credits;
}
