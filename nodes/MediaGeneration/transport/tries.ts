/**
 * The one retry loop behind API requests and result downloads: tries until one succeeds, one
 * fails for good, or the failed tries run out. What a failure means (whether another try may
 * answer it, whether it uses up a try) and how long to wait before the next are each caller's:
 * requests wait for their kind's pace (pace.ts) inside the try, downloads wait out a back-off
 * step between tries (retry.ts).
 */

/** What one try came to. */
export type TryResult<T> =
	| { ok: true; value: T }
	/** `again`: another try may answer it; `counts: false`: it used up no try (a link replaced) */
	| { ok: false; again: boolean; counts?: boolean };

export type TryLoop<T> = {
	/** failed tries in all, the first included */
	limit: number;
	/** one try; `attempt` counts every try from 1 */
	attempt: (attempt: number) => Promise<TryResult<T>>;
	/** waits before the try after the `failed`-th failed one; rejects when the wait is cancelled */
	waitAfter?: (failed: number) => Promise<void>;
};

/** The value of the try that succeeded; undefined when one failed for good or the tries ran out. */
export async function withTries<T>(loop: TryLoop<T>): Promise<{ value: T } | undefined> {
	let failed = 0;
	let wait = false;
	for (let attempt = 1; failed < loop.limit; attempt++) {
		if (wait) await loop.waitAfter?.(failed);
		const result = await loop.attempt(attempt);
		if (result.ok) return { value: result.value };
		if (!result.again) return undefined;
		wait = result.counts !== false;
		if (wait) failed++;
	}
	return undefined;
}
