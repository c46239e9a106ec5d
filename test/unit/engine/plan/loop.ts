import {
	loopRound,
	NET_MS,
	PATROL_MARGIN_MS,
} from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { figures } from './simulatedService';
import type { Figures, ServiceJob } from './simulatedService';

/**
 * The jobs of a batch watched by a loop of n8n's nodes (HTTP Request, Wait, If): every round polls
 * every job not yet seen ended, a round being the Wait's 2 s and n8n's work (`loopRound`, the same
 * loop the plan's budget counts). Its first round comes a round after the last create, and
 * `offsetMs` later (a user's loop is not in step with the plan). The only model of the loop: the
 * promises (promises.test.ts) and the figures (`npm run sim:plan`) both use it.
 */
export function loop(jobs: ServiceJob[], offsetMs = 0): Figures {
	const seenAt = jobs.map(() => Infinity);
	let polls = 0;
	let left = jobs.length;
	const lastCreate = jobs.reduce((m, j) => Math.max(m, j.createdAt), -Infinity);
	const rounds: number[] = [];
	for (let at = lastCreate + offsetMs + loopRound(left); left; ) {
		const polled = left;
		jobs.forEach((j, i) => {
			if (seenAt[i] !== Infinity) return;
			polls++;
			if (at >= j.endsAt) {
				seenAt[i] = at;
				left--;
			}
		});
		rounds.push(loopRound(polled));
		const round = loopRound(left);
		// a round that takes no time would never end the loop: a broken loopRound fails at once
		if (!(round > 0)) throw new Error(`a round of the loop over ${left} jobs takes no time`);
		at += round;
	}
	return figures(
		jobs,
		seenAt,
		polls,
		jobs.map(() => Math.max(...rounds)),
	);
}

/** When the loop saw the batch done, started at each of LOOP_PHASES moments spread over a round. */
export const LOOP_PHASES = 8;

export function loopEnds(jobs: ServiceJob[]): number[] {
	const round = loopRound(jobs.length);
	return Array.from(
		{ length: LOOP_PHASES },
		(_, k) => loop(jobs, ((k + 0.5) * round) / LOOP_PHASES - round / 2).lastSeenAt,
	);
}

export const within = (f: Figures) => f.lagMs.filter((l, i) => l <= f.targetMs[i]).length;

/**
 * The promises of the plan, with answers up to `jitterMs` late: a job whose target is at least
 * the patrol's gap and an answer's delay is seen within it; any other within a round of the loop
 * and an answer's delay (the patrol's gap and half of it).
 */
export const sureTargetMs = (jitterMs: number, jobs = 20) =>
	loopRound(jobs) + PATROL_MARGIN_MS + jitterMs / 2;
export const lagBoundMs = (targetMs: number, jitterMs: number, jobs = 20, first = false) =>
	targetMs >= sureTargetMs(jitterMs, jobs)
		? targetMs
		: (first ? Math.max(NET_MS, loopRound(jobs)) : loopRound(jobs)) + jitterMs;
