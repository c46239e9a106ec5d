/**
 * The poll plan against the simulated service (simulatedService.ts), on a simulated clock. Each
 * poll is answered after a random delay of up to `jitterMs`, the service reading the state
 * halfway. Seeded, so that a run repeats. The same jobs are also watched by the loop a user builds
 * from n8n's nodes (loop.ts).
 */
import { PollPlan } from '../../../../nodes/MediaGeneration/engine/plan/pollPlan';
import { loopRound } from '../../../../nodes/MediaGeneration/engine/plan/schedule';
import { seeded } from '../../../../harness/seeded';
import { stepLimit } from './batchRun';
import { figures, stateAt } from './simulatedService';
import type { Figures, ServiceJob } from './simulatedService';

/**
 * For each job: whether it ended younger than every alike job seen ended before its end (or
 * before any was), and under ten rounds of the loop after its creation: it may be on the net.
 * A job's age counts, as the plan counts it, from the last poll that found it queued, or else from
 * its creation.
 */
function firstOfKind(
	jobs: ServiceJob[],
	seenAt: number[],
	from: number[],
	cohort: (i: number) => string = () => 'alike',
) {
	const sure = 10 * loopRound(jobs.length);
	return jobs.map((j, i) => {
		if (j.endsAt - j.createdAt >= sure) return false;
		const age = j.endsAt - from[i];
		return jobs.every(
			(_, n) =>
				n === i || cohort(n) !== cohort(i) || seenAt[n] > j.endsAt || seenAt[n] - from[n] > age,
		);
	});
}

export type WatchOptions = {
	seed?: number;
	jitterMs?: number;
	/** Poll Interval */
	capMs?: number;
	/** the cohort of each job (one cohort of alike jobs if not given) */
	cohort?: (i: number) => string;
	/** every answer this much late besides the random delay */
	lateMs?: number;
	/** the plan watched (PollPlan if not given) */
	plan?: () => PollPlan;
	/** told of every poll and what it found, for reading a plan's choices */
	trace?: (line: string) => void;
	/** fails the run once the plan has made more polls than this */
	maxPolls?: number;
	/** a job to create when an answer says one ended, at that moment (audio slots) */
	onEnded?: (at: number) => ServiceJob | undefined;
};

type Answer = { at: number; id: number; state: 'queued' | 'running' | 'ended' };

/** Runs the plan until every job is seen ended. */
export function watch(jobs: ServiceJob[], o: WatchOptions = {}): Required<Figures> {
	const { seed = 1, jitterMs = 200, capMs, trace } = o;
	const random = seeded(seed * 7919 + 13);
	const plan = o.plan ? o.plan() : new PollPlan();
	const lateMs = o.lateMs ?? 0;
	// each create is answered up to an answer's delay late; the plan learns of it then
	const adds = jobs
		.map((j, id) => ({ at: j.createdAt + lateMs + random() * jitterMs, id }))
		.sort((a, b) => a.at - b.at);
	const answers: Answer[] = [];
	const seenAt = jobs.map(() => Infinity);
	const lastAt = jobs.map(() => -Infinity);
	const maxGap = jobs.map(() => 0);
	const from = jobs.map((j) => j.createdAt);
	let polls = 0;
	let t = 0;
	// the jobs the plan has not been told ended
	const left = new Set(jobs.keys());
	// wakes in a row with nothing to poll: a plan's wake time is when a poll is due
	let idle = 0;
	// far more steps than any batch here takes, whatever its size: a plan that never settles fails
	const step = stepLimit(200_000);
	while (step()) {
		const answer = answers.reduce((k, a, i) => (k < 0 || a.at < answers[k].at ? i : k), -1);
		const next = Math.min(adds[0]?.at ?? Infinity, answers[answer]?.at ?? Infinity);
		const wake = plan.size ? plan.wakeAt() : Infinity;
		if (next === Infinity && wake === Infinity) break;
		if (next <= Math.max(t, wake)) {
			t = Math.max(t, next);
			if (adds[0]?.at === next) {
				const { id } = adds.shift()!;
				plan.add(id, o.cohort?.(id) ?? 'alike', t, { capMs });
				continue;
			}
			const a = answers.splice(answer, 1)[0];
			if (a.state === 'queued') plan.seenQueued(a.id);
			else plan.seen(a.id, a.state === 'ended');
			if (a.state === 'ended') left.delete(a.id);
			const more = a.state === 'ended' ? o.onEnded?.(t) : undefined;
			if (more) {
				const id = jobs.push(more) - 1;
				left.add(id);
				adds.push({ at: t + lateMs + random() * jitterMs, id });
				adds.sort((x, y) => x.at - y.at);
				seenAt.push(Infinity);
				lastAt.push(-Infinity);
				maxGap.push(0);
				from.push(more.createdAt);
			}
			continue;
		}
		t = Math.max(t, wake);
		const due = plan.due(t);
		idle = due.length ? 0 : idle + 1;
		if (idle > 1000) throw new Error(`the plan keeps waking with nothing to poll (at ${t} ms)`);
		if (idle) t += 1;
		for (const { id } of due) {
			if (answers.some((a) => a.id === id))
				throw new Error(`job ${id} polled at ${t} ms while its last poll was out`);
			if (!left.has(id)) throw new Error(`job ${id} polled at ${t} ms after it was seen ended`);
			if (++polls > (o.maxPolls ?? Infinity)) throw new Error(`more than ${o.maxPolls} polls`);
			if (lastAt[id] > -Infinity) maxGap[id] = Math.max(maxGap[id], t - lastAt[id]);
			lastAt[id] = t;
			const delay = lateMs + random() * jitterMs;
			const state = stateAt(jobs[id], t + delay / 2);
			trace?.(`${(t / 1000).toFixed(2)} s: poll ${id} finds it ${state} (${plan.size} watched)`);
			if (state === 'ended') seenAt[id] = Math.min(seenAt[id], t + delay / 2);
			if (state === 'queued') from[id] = t;
			answers.push({ at: t + delay, id, state });
		}
	}
	if (plan.size || seenAt.some((s) => s === Infinity)) throw new Error('a job was left unseen');
	return {
		...figures(jobs, seenAt, polls, maxGap),
		firstOfKind: firstOfKind(jobs, seenAt, from, o.cohort),
	};
}
