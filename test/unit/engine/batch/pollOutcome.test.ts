import type { JobState } from '../../../../nodes/MediaGeneration/contract/jobs';
import {
	decidePoll,
	decideUnread,
	type PollFacts,
} from '../../../../nodes/MediaGeneration/engine/batch/pollOutcome';

const running: PollFacts = {
	createdHere: true,
	answered: false,
	watchedForSlot: false,
	pastDeadline: false,
	stopping: false,
};

/** What one poll of a job means, for every state and circumstance the batch meets. */
describe('decidePoll', () => {
	test.each<[string, JobState, Partial<PollFacts>, string]>([
		['a job still running is polled again', 'processing', {}, 'wait'],
		['a queued job too', 'queued', {}, 'wait'],
		['a succeeded job is finished: its files are fetched', 'succeeded', {}, 'finish'],
		['a failed job fails its item', 'failed', {}, 'failed'],
		['Maximum Wait over while it runs: timed out', 'processing', { pastDeadline: true }, 'timeOut'],
		[
			'a job that succeeds just past Maximum Wait still counts',
			'succeeded',
			{ pastDeadline: true },
			'finish',
		],
		['a stopping batch fetches nothing more', 'succeeded', { stopping: true }, 'ignore'],
		['a failure is still reported while stopping', 'failed', { stopping: true }, 'failed'],
		[
			'Download of a job not ended: nothing to download yet',
			'processing',
			{ createdHere: false },
			'notFinished',
		],
		['Wait off, nobody waits for its slot: let go', 'processing', { answered: true }, 'release'],
		[
			'Wait off, watched for its slot: polled again',
			'processing',
			{ answered: true, watchedForSlot: true },
			'wait',
		],
		[
			'Check, running: its item goes round the loop',
			'processing',
			{ createdHere: false, checking: true },
			'stillRunning',
		],
		['Check, queued: the same', 'queued', { createdHere: false, checking: true }, 'stillRunning'],
		[
			'Check, running past Maximum Wait (from its creation): timed out',
			'processing',
			{ createdHere: false, checking: true, pastDeadline: true },
			'timeOut',
		],
		[
			'Check, succeeded: its files are fetched',
			'succeeded',
			{ createdHere: false, checking: true },
			'finish',
		],
		['Check, failed: its item fails', 'failed', { createdHere: false, checking: true }, 'failed'],
		[
			'Get or Check as a tool, running within Tool Wait: polled again',
			'processing',
			{ createdHere: false, watching: true },
			'wait',
		],
		[
			'Get or Check as a tool, running at Tool Wait: answered as still running',
			'queued',
			{ createdHere: false, watching: true, pastDeadline: true },
			'timeOut',
		],
		[
			'Get or Check as a tool, succeeded: its files are fetched',
			'succeeded',
			{ createdHere: false, watching: true },
			'finish',
		],
		[
			'Wait off, ended: its slot is free, let go',
			'failed',
			{ answered: true, watchedForSlot: true },
			'release',
		],
	])('%s', (_what, state, facts, action) => {
		expect(decidePoll(state, { ...running, ...facts })).toBe(action);
	});
});

describe('decideUnread', () => {
	test('a job only watched for its slot is let go', () => {
		expect(decideUnread({ createdHere: true, answered: true, pastDeadline: true }, true)).toBe(
			'release',
		);
	});

	test('an outage that outlasts Maximum Wait times the job out; anything else fails the item', () => {
		expect(decideUnread({ createdHere: true, answered: false, pastDeadline: true }, true)).toBe(
			'timeOut',
		);
		expect(decideUnread({ createdHere: true, answered: false, pastDeadline: false }, true)).toBe(
			'fail',
		);
		expect(decideUnread({ createdHere: true, answered: false, pastDeadline: true }, false)).toBe(
			'fail',
		);
		expect(decideUnread({ createdHere: false, answered: false, pastDeadline: true }, true)).toBe(
			'fail',
		);
	});
});

describe('decideUnread for Check', () => {
	const checking = { createdHere: false, answered: false, checking: true };

	test('a passing outage sends the item round the loop again while its Maximum Wait lasts', () => {
		expect(decideUnread({ ...checking, pastDeadline: false }, true)).toBe('stillRunning');
		expect(decideUnread({ ...checking, pastDeadline: true }, true)).toBe('timeOut');
	});

	test('a refusal that is no outage (404, 401) fails the item', () => {
		expect(decideUnread({ ...checking, pastDeadline: false }, false)).toBe('fail');
	});
});

describe('decideUnread for Get or Check as a tool', () => {
	const watching = { createdHere: false, answered: false, watching: true };

	test('an outage that outlasts Tool Wait answers the job as still running', () => {
		expect(decideUnread({ ...watching, pastDeadline: true }, true)).toBe('timeOut');
	});

	test('a refusal that is no outage (404, 401) fails the call', () => {
		expect(decideUnread({ ...watching, pastDeadline: true }, false)).toBe('fail');
		expect(decideUnread({ ...watching, pastDeadline: false }, true)).toBe('fail');
	});
});
