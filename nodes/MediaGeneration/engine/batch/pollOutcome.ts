import type { JobState } from '../../contract/jobs';

/** What the batch knows of a job when a poll of it comes back. */
export type PollFacts = {
	/** the job was created by this batch (not an existing job given to Download) */
	createdHere: boolean;
	/** an existing job given to Check: one poll, and it may still run */
	checking?: boolean;
	/** an existing job given to Get or Check as a tool: polled until it ends or its wait is over */
	watching?: boolean;
	/** its output was decided when it was created (Wait for Completion off): watched for its slot only */
	answered: boolean;
	/** other jobs of its kind wait for a slot, so it is still watched */
	watchedForSlot: boolean;
	/** its Maximum Wait is over */
	pastDeadline: boolean;
	/** the batch is stopping (cancelled, or an item failed without Continue On Fail) */
	stopping: boolean;
};

/**
 * What a poll means for the job:
 * - `finish`: it succeeded: fetch its files and output them
 * - `failed`: the service says it failed
 * - `notFinished`: an existing job given to Download has not ended
 * - `stillRunning`: a job given to Check runs on: its item goes to the Running output
 * - `release`: it is no longer watched, its item's output already decided
 * - `timeOut`: Maximum Wait is over while it runs
 * - `wait`: poll again later
 * - `ignore`: the batch is stopping; nothing more is done for it
 */
export type PollAction =
	| 'finish'
	| 'failed'
	| 'notFinished'
	| 'stillRunning'
	| 'release'
	| 'timeOut'
	| 'wait'
	| 'ignore';

export function isEnded(state: JobState): boolean {
	return state === 'succeeded' || state === 'failed';
}

/** What one poll of a job that reported `state` means (pure: the whole rule). */
export function decidePoll(state: JobState, f: PollFacts): PollAction {
	if (isEnded(state)) {
		if (f.answered) return 'release';
		if (state === 'failed') return 'failed';
		return f.stopping ? 'ignore' : 'finish';
	}
	if (f.checking) return f.pastDeadline ? 'timeOut' : 'stillRunning';
	if (f.watching) return f.pastDeadline ? 'timeOut' : 'wait';
	if (!f.createdHere) return 'notFinished';
	if (f.answered && !f.watchedForSlot) return 'release';
	return f.pastDeadline ? 'timeOut' : 'wait';
}

/**
 * What a poll that could not be read means: a job only watched for its slot is let go; one made
 * or watched here whose wait ran out while the service was unreachable or refusing (`congested`)
 * times out with the service's last answer; a job given to Check that could not be read for
 * such a reason goes round the loop again while its Maximum Wait lasts; anything else fails the
 * item.
 */
export function decideUnread(
	f: Pick<PollFacts, 'createdHere' | 'answered' | 'pastDeadline' | 'checking' | 'watching'>,
	congested: boolean,
): 'release' | 'timeOut' | 'stillRunning' | 'fail' {
	if (f.answered) return 'release';
	if (f.checking && congested) return f.pastDeadline ? 'timeOut' : 'stillRunning';
	if ((f.createdHere || f.watching) && f.pastDeadline && congested) return 'timeOut';
	return 'fail';
}
