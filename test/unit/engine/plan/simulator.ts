import { LookPlan } from '../../../../nodes/MediaGeneration/engine/plan/lookPlan';
import {
	FOLLOWER_MIN_GAP_MS,
	LOOP_GAP_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { seeded } from '../../../support/hostile';

/**
 * The look plan against a simulated service, on a simulated clock: jobs are created a few ms
 * apart, each runs its own time from when it starts; a service with a capacity runs at most that
 * many at once and starts the others first come, first served (as test/fake-service does); every
 * job reports `queued` for its first 100 ms. Each look is answered after a random delay of up to
 * `jitterMs` (the service reads the state halfway), so that when a job is seen ended varies by a
 * few hundred ms. Seeded, so that a run repeats. The same jobs are also watched by the loops a
 * user builds from n8n's nodes (see `loop` below).
 */
export type SimJob = { createdAt: number; runMs: number; cohort: string };
export type ServiceJob = SimJob & { startsAt: number; endsAt: number };
export type Figures = {
	jobs: number;
	looksPerJob: number;
	/** for each job: when it was first seen ended minus when it ended */
	lagMs: number[];
	/** for each job: max(1 s, 10 % of its time from creation to end) */
	targetMs: number[];
	/** the jobs that waited in the queue (started after their first 150 ms) */
	queued: boolean[];
	lastSeenAt: number;
};

export const QUEUED_MS = 100;

export type BatchSetting = {
	n: number;
	runMs?: number;
	/** run times vary by up to ± this share of runMs */
	spread?: number;
	runs?: number[];
	capacity?: number;
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
		const createdAt = i * 5;
		let startsAt = createdAt + QUEUED_MS;
		if (Number.isFinite(capacity) && out.length >= capacity) {
			// first come, first served: the slot freed by the earliest end among those ahead
			const ends = out.map((j) => j.endsAt).sort((x, y) => x - y);
			startsAt = Math.max(startsAt, ends[out.length - capacity], out[out.length - 1].startsAt);
		}
		out.push({
			createdAt,
			runMs,
			cohort: s.cohort?.(i) ?? 'alike',
			startsAt,
			endsAt: startsAt + runMs - QUEUED_MS,
		});
	}
	return out;
}

function stateAt(j: ServiceJob, t: number): 'queued' | 'running' | 'ended' {
	return t < j.startsAt ? 'queued' : t < j.endsAt ? 'running' : 'ended';
}

type Event = {
	at: number;
	id: number;
	kind: 'add' | 'answer';
	state?: 'queued' | 'running' | 'ended';
};

export type WatchOptions = {
	seed?: number;
	jitterMs?: number;
	/** told of every look and what it found, for reading a plan's choices */
	trace?: (line: string) => void;
};

/** Runs the plan until every job is seen ended. */
export function watch(
	jobs: ServiceJob[],
	{ seed = 1, jitterMs = 200, trace }: WatchOptions = {},
): Figures {
	const random = seeded(seed * 7919 + 13);
	const plan = new LookPlan();
	const events: Event[] = jobs.map((j, id) => ({
		at: j.createdAt + random() * jitterMs,
		id,
		kind: 'add',
	}));
	const looks = jobs.map(() => 0);
	const seenAt: Array<number | undefined> = jobs.map(() => undefined);
	let t = 0;
	for (let step = 0; step < 1_000_000; step++) {
		const next = events.reduce((k, e, i) => (k < 0 || e.at < events[k].at ? i : k), -1);
		const wake = plan.size ? plan.wakeAt() : Infinity;
		if (next < 0 && wake === Infinity) break;
		if (next >= 0 && events[next].at <= Math.max(t, wake)) {
			const e = events.splice(next, 1)[0];
			t = Math.max(t, e.at);
			if (e.kind === 'add') plan.add(e.id, jobs[e.id].cohort, t);
			else if (e.state === 'queued') plan.seenQueued(e.id, t);
			else plan.seen(e.id, t, e.state === 'ended');
			continue;
		}
		t = Math.max(t, wake);
		const due = plan.due(t);
		if (!due.length) t += 1;
		for (const { id } of due) {
			looks[id]++;
			const delay = random() * jitterMs;
			const state = stateAt(jobs[id], t + delay / 2);
			trace?.(`${(t / 1000).toFixed(2)} s: look ${id} finds it ${state} (${plan.size} watched)`);
			if (state === 'ended') seenAt[id] ??= t + delay / 2;
			events.push({ at: t + delay, id, kind: 'answer', state });
		}
	}
	if (plan.size || seenAt.some((s) => s === undefined)) throw new Error('a job was left unseen');
	return {
		jobs: jobs.length,
		looksPerJob: looks.reduce((a, b) => a + b, 0) / jobs.length,
		lagMs: jobs.map((j, i) => seenAt[i]! - j.endsAt),
		targetMs: jobs.map((j) => Math.max(1000, (j.endsAt - j.createdAt) / 10)),
		queued: jobs.map((j) => j.startsAt > j.createdAt + 150),
		lastSeenAt: Math.max(...(seenAt as number[])),
	};
}

/**
 * How the loop's rounds are timed: when its first round looks, counted from the last job's
 * creation, and how long a round takes after one that polled `polled` jobs and left `left` unseen.
 * - `bench`: the Wait's 2 s plus about 60 ms plus 2 ms per job still watched (2.1 s for 20 jobs,
 *   as an earlier bench measured it), the first round 2.08 s plus 2 ms per job after the last
 *   create. Most figures in the docs and the constants' comments were taken with it.
 * - `traced`: as n8n 2.40 ran the bench's hand-built loop on a quiet machine, read from its
 *   requests with `node bench/rounds.js` (docs/performance.md; 7 runs of cases a, e, e2, e3, g,
 *   g2, g3, 138 rounds): the first round 2.06 to 2.11 s after the last create was answered (2.085 s
 *   on average), a round of n jobs 2.03 s plus 8 ms per job (2.19 s for 20 jobs, 2.04 s for one):
 *   n8n's HTTP Request node sends a round's polls one item after another. On a machine busy with
 *   other work the rounds are longer (2.10 s plus 11.5 ms per job, first 2.19 s, in 12 runs beside
 *   a CI run).
 * - `quick`: as it ran on another quiet morning (2026-11-28, cases a, b, e, e2, e3, f, g, g2, g3):
 *   a round of n jobs 2.01 s plus 6.4 ms per job, the first round 2.04 s after the last create.
 */
export type LoopModel = 'bench' | 'traced' | 'quick';

type LoopTiming = {
	firstMs: (n: number) => number;
	roundMs: (polled: number, left: number) => number;
};

const LOOP_TIMING: Record<LoopModel, LoopTiming> = {
	bench: { firstMs: (n) => 2080 + 2 * n, roundMs: (_, left) => 2060 + 2 * left },
	traced: { firstMs: () => 2085, roundMs: (polled) => 2030 + 8 * polled },
	quick: { firstMs: () => 2042, roundMs: (polled) => 2011 + 6.4 * polled },
};

/** The model `npm run sim:plan` compares with: LOOP_MODEL in the environment, `bench` if unset. */
export function loopModelOf(name = 'bench'): LoopModel {
	if (name === 'bench' || name === 'traced' || name === 'quick') return name;
	throw new Error(`LOOP_MODEL must be bench or traced, not ${name}`);
}

/**
 * The same jobs watched by a loop of n8n's nodes (HTTP Request, Wait, If) as it runs in n8n:
 * every round looks at every job not yet seen ended, and takes the Wait's 2 s plus the round's
 * own requests (`model`, above). The plan must make no more looks than this loop. Its first round
 * comes about a round after the last job was created, and `offsetMs` later (a user's loop is not
 * in step with the plan).
 */
export function loop(jobs: ServiceJob[], offsetMs = 0, model: LoopModel = 'bench'): Figures {
	const timing = LOOP_TIMING[model];
	const seenAt = jobs.map(() => Infinity);
	const looks = jobs.map(() => 0);
	let at = Math.max(...jobs.map((j) => j.createdAt)) + offsetMs + timing.firstMs(jobs.length);
	let left = jobs.length;
	for (;;) {
		const polled = left;
		jobs.forEach((j, i) => {
			if (seenAt[i] !== Infinity) return;
			looks[i]++;
			if (at >= j.endsAt) {
				seenAt[i] = at;
				left--;
			}
		});
		if (!left) break;
		at += timing.roundMs(polled, left);
	}
	return {
		jobs: jobs.length,
		looksPerJob: looks.reduce((a, b) => a + b, 0) / jobs.length,
		lagMs: jobs.map((j, i) => seenAt[i] - j.endsAt),
		targetMs: jobs.map((j) => Math.max(1000, (j.endsAt - j.createdAt) / 10)),
		queued: jobs.map((j) => j.startsAt > j.createdAt + 150),
		lastSeenAt: Math.max(...seenAt),
	};
}

/**
 * When the loop saw the batch done, started at each of LOOP_PHASES moments spread over one of its
 * rounds (about 2.1 s for 20 jobs): a user's loop is not in step with the node's looks.
 */
export const LOOP_PHASES = 8;
const LOOP_ROUND_MS = 2100;

export function loopEnds(jobs: ServiceJob[], model: LoopModel = 'bench'): number[] {
	return Array.from(
		{ length: LOOP_PHASES },
		(_, k) => loop(jobs, (k * LOOP_ROUND_MS) / LOOP_PHASES - LOOP_ROUND_MS / 2, model).lastSeenAt,
	);
}

export const within = (f: Figures) => f.lagMs.filter((l, i) => l <= f.targetMs[i]).length;

/**
 * The latest a job may be seen after its end (queueing.test.ts holds it, seeds.sim.js counts the
 * jobs past it): within its target or, at worst, the loop's pace if it waited in the queue (for
 * jobs of 1 to 3 s, and a second) or its cohort's safety net if not, and an answer's delay.
 */
export function lagBound(
	targetMs: number,
	queued: boolean,
	shortJobs: boolean,
	jitterMs: number,
): number {
	const slack = queued ? LOOP_GAP_MS + (shortJobs ? 1000 : 0) : FOLLOWER_MIN_GAP_MS;
	return Math.max(targetMs, slack) + jitterMs;
}

/**
 * From this target on, the loop sees a job within it however its rounds fall (a round and an
 * answer's delay): so must the plan.
 */
export const sureTargetMs = (jitterMs: number) => LOOP_GAP_MS + jitterMs / 2;
