/**
 * The simulated service of the plan's tests: jobs are created 5 ms apart, each runs its own time
 * from when it starts; a service with a capacity runs at most that many at once and starts the
 * others first come, first served (as harness/fake-service does); every job reports `queued` for
 * its first 100 ms. Seeded, so that a batch repeats.
 */
import { seeded } from '../../../../harness/seeded';

export type ServiceJob = { createdAt: number; runMs: number; startsAt: number; endsAt: number };
export type Figures = {
	jobs: number;
	polls: number;
	/** for each job: when it was first seen ended minus when it ended */
	lagMs: number[];
	/** for each job: max(1 s, 10 % of its time from creation to end) */
	targetMs: number[];
	/** for each job: the longest time between two of its polls */
	maxGapMs: number[];
	lastSeenAt: number;
	/** for each job: whether it may be on the net when it ends (firstOfKind, below) */
	firstOfKind?: boolean[];
};

export const QUEUED_MS = 100;

export type BatchSetting = {
	n: number;
	runMs?: number;
	/** run times vary by up to ± this share of runMs */
	spread?: number;
	runs?: number[];
	capacity?: number;
	/** time between two creates (5 ms if not given) */
	createGapMs?: number;
	seed: number;
	cohort?: (i: number) => string;
};

/** The service's schedule of a batch: when each job starts and ends. */
export function serviceBatch(s: BatchSetting): ServiceJob[] {
	const random = seeded(s.seed);
	const capacity = s.capacity ?? Infinity;
	const out: ServiceJob[] = [];
	for (let i = 0; i < s.n; i++) {
		const runMs = s.runs?.[i] ?? Math.round(s.runMs! * (1 + (s.spread ?? 0) * (2 * random() - 1)));
		const createdAt = i * (s.createGapMs ?? 5);
		let startsAt = createdAt + QUEUED_MS;
		if (Number.isFinite(capacity) && out.length >= capacity) {
			// first come, first served: the slot freed by the earliest end among those ahead
			const ends = out.map((j) => j.endsAt).sort((x, y) => x - y);
			startsAt = Math.max(startsAt, ends[out.length - capacity], out[out.length - 1].startsAt);
		}
		out.push({ createdAt, runMs, startsAt, endsAt: startsAt + runMs - QUEUED_MS });
	}
	return out;
}

export function stateAt(j: ServiceJob, t: number): 'queued' | 'running' | 'ended' {
	return t < j.startsAt ? 'queued' : t < j.endsAt ? 'running' : 'ended';
}

/** What a watch of the jobs gives: the polls, each job's lag and target, the longest gaps. */
export const figures = (
	jobs: ServiceJob[],
	seenAt: number[],
	polls: number,
	maxGapMs: number[],
) => ({
	jobs: jobs.length,
	polls,
	lagMs: jobs.map((j, i) => seenAt[i] - j.endsAt),
	targetMs: jobs.map((j) => Math.max(1000, (j.endsAt - j.createdAt) / 10)),
	maxGapMs,
	lastSeenAt: Math.max(...seenAt),
});
