/**
 * When to look at a job. The gap between looks grows with the job's age, about a tenth of the
 * time it has run so far and never under MIN_GAP_MS, so that a job is seen finished within
 * max(1 s, 10 % of its run time) whatever its length, while a two-hour job costs a few dozen
 * looks, not thousands. Looks are timed from the plan (the job's creation), not from the last
 * answer, so a slow answer does not push every later look back.
 */
export const MIN_GAP_MS = 900;
export const GAP_FRACTION = 0.09;
/** the longest gap ever, for jobs over about 55 minutes (still under 10 % of their age) */
export const MAX_GAP_MS = 5 * 60_000;

/** A gap that grows with a job's age: a fraction of it, between a floor and the caps. */
export type Growth = { minMs: number; fraction: number };

export function growingGap(elapsedMs: number, growth: Growth, capMs = MAX_GAP_MS): number {
	const grown = Math.max(growth.minMs, growth.fraction * Math.max(0, elapsedMs));
	return Math.round(Math.min(grown, capMs, MAX_GAP_MS));
}

/** The gap after a look taken `elapsedMs` into a job; `capMs` is the user's Poll Interval. */
export function gapMs(elapsedMs: number, capMs = MAX_GAP_MS): number {
	return growingGap(elapsedMs, { minMs: MIN_GAP_MS, fraction: GAP_FRACTION }, capMs);
}

/**
 * The pace of a loop through n8n's Wait node of 2 s: each round looks at every job, and takes
 * 2 s plus its own requests (about 2.1 s for 20 jobs on the bench). A job that may end at any time
 * is looked at on the full schedule, but at most once per round of such a loop started with it,
 * every LOOP_GAP_MS from its creation, a little slower than the real loop, so that a batch keeps
 * room for close looks at its last jobs (see rules.ts, budget.ts). Past 24 s of age the full
 * schedule is the slower.
 *
 * At the real loop's 2.1 s, a loop-paced look falls on the hand-built loop's own rounds rather than
 * drifting a tenth of a second later each round. On the simulated clock (`npm run sim:plan`, seeds
 * 1 to 60, answers up to 200 ms late) that halved the jobs the loop saw within target and the plan
 * did not (13,051 to 6,587 jobs in 10,980 runs; 7,318 with one look of margin in budget.ts) and the
 * runs done later than the loop (17,304 to 16,129 of 87,840), but batches over the loop's looks
 * rose from 664 to 844 (answers 10 ms late: 1,067 to 1,537, 80 of them of 5 s or longer), and a
 * batch of lone jobs of 5 to 60 s lost the close watch of its last job (lookPlan.test.ts: seen
 * 1.7 s after its end; with that end moved a second either way, 1.00 s on average, 1.08 s with the
 * margin, against the loop's 0.99 s; 0.88 s at 2.2 s). In the real n8n (`npm run bench -- --case
 * a,b,e,f,g`, two rounds, with one look of margin) e went from 1.00 to 1.01 × in both rounds, its
 * 60 s job seen 1.1 s after its end against the loop's 0.4 to 0.6 s; e3 from 1.04 to 1.01 and
 * 1.02 ×, with up to 101 polls against 99; g, g2 and g3 stayed at 0.97 to 1.00 ×, a at 0.94 to
 * 0.96 ×, and b went from 0.82 to 0.85 ×. Hence 2.2 s.
 *
 * The hand-built loop's round is not one length: on n8n 2.40 on a quiet machine it takes 2.03 s
 * plus 8 ms per job it polls (2.04 s for one job, 2.19 s for twenty; `node bench/rounds.js`,
 * docs/performance.md). The budget counts the loop's looks on those rounds (`loopRoundMs`,
 * budget.ts). Looks paced on them too, counted from each job's creation, with one look of margin
 * in the budget, did better on the simulated clock with the loop timed as measured (`LOOP_MODEL=
 * traced npm run sim:plan`, 11,040 runs, against the budget and pace at 2.2 s: 15,933 against
 * 17,337 runs done later than the loop, 2,200 against 2,407 in step, 8,039 against 9,162 jobs
 * missed, 509 against 689 batches over the loop's looks). In the real n8n it lost e in all three
 * rounds (1.013 to 1.020 ×, its 60 s job seen 1.6 s after its end, where the looks at 2.2 s fall
 * 0.55 s after it; 0.98 × before), e3 was level or behind in two of three and e2 still lost two
 * of three (docs/performance.md): with no room left for its close watch, a batch's last job is
 * seen on whatever round falls after its end, on either pace. So the pace stays at 2.2 s.
 */
export const LOOP_GAP_MS = 2200;

/**
 * How long a round of the hand-built loop takes: n8n's Wait of 2 s, then the HTTP Request node's
 * polls, one item after another. On n8n 2.40 on a quiet machine, 2.03 s plus 8 ms per job polled
 * (`node bench/rounds.js` on the bench's traces: 7 runs, 138 rounds; docs/performance.md). The
 * batch's budget counts the loop's looks on these rounds, with the jobs it watches at each moment
 * (budget.ts); the plan's own looks keep the pace of LOOP_GAP_MS. A round is counted as
 * LOOP_GAP_MS at most, as before for every batch: the 8 ms per job were measured up to twenty jobs,
 * and the polls of more go out faster (200 jobs: 2.91 s a round in the bench's case f, not the
 * 3.63 s the line gives).
 */
export const LOOP_ROUND_BASE_MS = 2030;
export const LOOP_ROUND_PER_JOB_MS = 8;

export function loopRoundMs(polled: number): number {
	return Math.min(LOOP_GAP_MS, LOOP_ROUND_BASE_MS + LOOP_ROUND_PER_JOB_MS * Math.max(1, polled));
}

/** The earliest time for look number `looks + 1` of a job created at `createdAt`. */
export function loopPaceAt(createdAt: number, looks: number): number {
	return createdAt + LOOP_GAP_MS * (looks + 1);
}

/**
 * The first round, at or after `at`, of a loop of LOOP_GAP_MS started with a job created at
 * `createdAt`. A job looked at on these rounds costs no more looks than that loop however it was
 * looked at before: a look between two rounds neither puts the next round off nor calls for a
 * look to catch up.
 */
export function loopRoundAt(createdAt: number, at: number): number {
	return createdAt + LOOP_GAP_MS * Math.ceil((at - createdAt) / LOOP_GAP_MS);
}

/** The longest gap of a job that may end at any time: the loop's, or a tenth of its age. */
export function patrolGap(elapsedMs: number, capMs = MAX_GAP_MS): number {
	return growingGap(elapsedMs, { minMs: LOOP_GAP_MS, fraction: GAP_FRACTION }, capMs);
}

/**
 * The gap of the last few jobs of a batch, once others have ended: the last one decides when the
 * node is done, so it is looked at every half second from when it may have started, growing with
 * that time (1.5 % of it) to once a second, never sparser: a loop through a 2 s Wait sees a job
 * ended about a second after its end on average, whatever its length, and so must the close
 * watch, or a batch of long jobs ends later than that loop. What bounds its looks is the batch's
 * budget (budget.ts): no more than such a loop would have made.
 */
export const FINE_MIN_GAP_MS = 500;
export const FINE_GAP_FRACTION = 0.015;
export const FINE_MAX_GAP_MS = 1000;

export function fineGap(elapsedMs: number, capMs = MAX_GAP_MS): number {
	const growth = { minMs: FINE_MIN_GAP_MS, fraction: FINE_GAP_FRACTION };
	return growingGap(elapsedMs, growth, Math.min(capMs, FINE_MAX_GAP_MS));
}

/**
 * From this age on, a tenth of a job's age is at least a round of the loop: a loop through a 2 s
 * Wait sees every job that ends this old or older within max(1 s, 10 % of its run time), whatever
 * its timing, and so must the plan (rules.ts).
 */
export const SURE_AGE_MS = 10 * LOOP_GAP_MS;

/**
 * The safety net of jobs taken to end with their cohort's scouts: every 5 s while young, and from
 * about 19 s of age on the full schedule, so that a job that ends SURE_AGE_MS or more after its
 * creation is seen within 10 % of that even if its cohort does not end together, as a loop would
 * see it. With the 5 s net up to 50 s of age, the first job of a cohort of 30 s ±30 % jobs to end
 * was seen up to 4.4 s after its end, on a 2.5 s target (test/unit/engine/plan, queueing.test.ts:
 * 37 of 25,845 such jobs over twenty seeds).
 */
export const FOLLOWER_MIN_GAP_MS = 5000;

export function followerGap(elapsedMs: number, capMs = MAX_GAP_MS): number {
	const net = growingGap(elapsedMs, { minMs: FOLLOWER_MIN_GAP_MS, fraction: GAP_FRACTION }, capMs);
	// never past the moment a job that ends at SURE_AGE_MS or later would be seen late
	const sure = SURE_AGE_MS * (1 + GAP_FRACTION) - elapsedMs;
	return Math.min(net, Math.max(gapMs(elapsedMs, capMs), Math.round(sure)));
}

/**
 * The safety net of queued jobs while nothing says how soon they may end once started: every
 * 5 s, or 30 % of their age (queueing.ts).
 */
export const QUEUE_NET_FRACTION = 0.3;

export function queueNetGap(elapsedMs: number, capMs = MAX_GAP_MS): number {
	const growth = { minMs: FOLLOWER_MIN_GAP_MS, fraction: QUEUE_NET_FRACTION };
	return growingGap(elapsedMs, growth, capMs);
}

/**
 * The looks a lone job of `jobMs` gets until one sees it finished: how many, and how late the
 * last one came after the job ended. For the README's figures and the schedule's own tests.
 */
export function lonePlan(jobMs: number, capMs = MAX_GAP_MS): { looks: number; lagMs: number } {
	let at = 0;
	let looks = 0;
	while (at < jobMs) {
		at += gapMs(at, capMs);
		looks++;
	}
	return { looks, lagMs: at - jobMs };
}
