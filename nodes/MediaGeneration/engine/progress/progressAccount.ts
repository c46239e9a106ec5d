import { JOB_KIND_TERMS, type JobKind } from '../../contract/jobs';
import { linked, NOUNS, spoken } from './lineWords';

/** The least time between two notes of how long the jobs have run: a chat is not a log. */
const MIN_NOTE_GAP_MS = 15_000;
/** Notes of the run time at most (gaps grow by half the time run); past them the end tells. */
const MAX_NOTES = 10;
/** Finished jobs whose links a batch lists one by one; the node's output holds every link. */
const LINKED_JOBS = 20;
/** Failures a batch names one by one; past them, they are counted. */
const NAMED_FAILURES = 10;

type Phase = 'waiting' | 'created' | 'queued' | 'processing' | 'downloading' | 'ended';

/** A job the account follows, as the chat hears of it. */
type Followed = { itemIndex: number; kind: JobKind; jobId?: string; phase: Phase; since: number };

/** What a line tells of a created job: its model, mode and length, and its estimate. */
export type JobDetails = { what: string[]; credits?: number; takenUp?: boolean };

/** One result file: its link, and its name and size once downloaded. */
export type ReadyFile = { url: string; name?: string; size?: string };

/**
 * What a person waiting in a chat hears of the node's jobs, as lines: each job's creation, its
 * changes of state and its result, now and then how long it has run, and for a batch a compact
 * account (counts, the first links and failures) instead of a line per job per poll.
 */
export class ProgressAccount {
	private readonly jobs = new Map<number, Followed>();
	private readonly label: string;
	private readonly nouns: [string, string];
	private readonly startedAt: number;
	private nextNoteAt: number;
	private notes = 0;
	private ready = 0;
	private failed = 0;
	/** jobs whose wait ended while they ran (On Timeout: output as still running) */
	private left = 0;
	private created = 0;
	/** the created jobs' estimates added up, undefined once one is not known */
	private credits: number | undefined = 0;

	constructor(
		private readonly say: (line: string) => void,
		/** the jobs told of; `jobId` is known already for an existing job (Download, Check) */
		followed: Array<{
			pos: number;
			itemIndex: number;
			kind: JobKind;
			jobId?: string;
			creates: boolean;
		}>,
		now: number,
	) {
		for (const { pos, itemIndex, kind, jobId } of followed)
			this.jobs.set(pos, { itemIndex, kind, jobId, phase: 'waiting', since: now });
		const kind = followed[0]?.kind ?? 'image';
		this.label = JOB_KIND_TERMS[kind].label;
		this.nouns = NOUNS[kind];
		this.startedAt = now;
		this.nextNoteAt = now + MIN_NOTE_GAP_MS;
		if (this.batch) {
			const verb = followed.some((f) => f.creates) ? 'Creating' : 'Fetching';
			say(`${verb} ${this.jobs.size} ${this.nouns[0]} jobs.`);
		}
	}

	private get batch(): boolean {
		return this.jobs.size > 1;
	}

	/** The service took the job's create (or an earlier try of the node made it). */
	jobCreated(pos: number, jobId: string, d: JobDetails, now: number): void {
		const j = this.jobs.get(pos);
		if (!j) return;
		Object.assign(j, { jobId, phase: 'created', since: now });
		this.created++;
		const unknown = this.credits === undefined || d.credits === undefined;
		this.credits = unknown ? undefined : this.credits! + d.credits!;
		if (this.batch) return this.allCreated();
		const what = d.what.length ? ` (${d.what.join(', ')})` : '';
		const credits = d.credits === undefined ? '' : `: about ${d.credits} credits`;
		const how = d.takenUp ? 'taken up from an earlier try' : 'created';
		this.say(`${this.label} job ${jobId} ${how}${what}${credits}.`);
	}

	/** A poll saw the job queued or processing: a single job's changes are told. */
	jobState(pos: number, jobId: string, state: 'queued' | 'processing'): void {
		const j = this.jobs.get(pos);
		if (!j || j.phase === state || j.phase === 'ended') return;
		j.jobId ??= jobId;
		j.phase = state;
		if (!this.batch) this.say(`${this.label} job ${jobId} is ${state}.`);
	}

	/** The job succeeded; its files are fetched now when `downloading`. */
	jobDone(pos: number, downloading: boolean): void {
		const j = this.jobs.get(pos);
		if (!j || j.phase === 'ended') return;
		j.phase = 'downloading';
		if (!this.batch && downloading) this.say(`${this.label} job ${j.jobId} is done; downloading.`);
	}

	/** The job's files are ready: their links (valid 24 hours), with name and size when stored. */
	jobReady(pos: number, files: ReadyFile[]): void {
		const j = this.jobs.get(pos);
		if (!j || j.phase === 'ended') return;
		j.phase = 'ended';
		this.ready++;
		const told = files.map((f) => [linked(f), f.size].filter(Boolean).join(', '));
		if (!this.batch) {
			for (const t of told) this.say(`${this.label} ready: ${t} (link valid 24 hours).`);
		} else if (this.ready <= LINKED_JOBS) {
			this.say(`${this.ready} of ${this.jobs.size} ${this.nouns[1]} ready: ${told.join('; ')}`);
		}
	}

	/**
	 * The item failed (`message` says why), or its wait ended while the job runs on (`timedOut`:
	 * output as still running).
	 */
	jobFailed(pos: number, message: string, timedOut = false): void {
		const j = this.jobs.get(pos);
		if (!j || j.phase === 'ended') return;
		const created = j.phase !== 'waiting';
		j.phase = 'ended';
		if (timedOut) this.left++;
		else this.failed++;
		if (!this.batch) this.say(message);
		else if (this.failed + this.left <= NAMED_FAILURES) this.say(`Item ${j.itemIndex}: ${message}`);
		if (this.batch && !created) this.allCreated();
	}

	/** When the next note of the time run is due (Infinity: none). */
	wakeAt(): number {
		const ended = this.ready + this.failed + this.left;
		return this.notes < MAX_NOTES && ended < this.jobs.size ? this.nextNoteAt : Infinity;
	}

	/** Tells how long the jobs have run, when a note is due. */
	tick(now: number): void {
		if (now < this.wakeAt()) return;
		const running = this.running();
		this.notes++;
		this.nextNoteAt = now + Math.max(MIN_NOTE_GAP_MS, (now - this.startedAt) / 2);
		if (!this.batch) {
			const j = running[0];
			const state = j.phase === 'created' || j.phase === 'waiting' ? 'queued' : j.phase;
			const job = j.jobId ? ` job ${j.jobId}` : '';
			return this.say(`${this.label}${job} still ${state} after ${spoken(now - j.since)}.`);
		}
		// a job created and not polled yet is as good as queued
		const counted = running.map((j) => (j.phase === 'created' ? 'queued' : j.phase));
		const counts = ['processing', 'downloading', 'queued', 'waiting'].map((phase) => {
			const n = counted.filter((p) => p === phase).length;
			return n ? `${n} ${phase}` : '';
		});
		const parts = [this.readyCount(), ...counts, this.failedCount()].filter(Boolean);
		this.say(`After ${spoken(now - this.startedAt)}: ${parts.join(', ')}.`);
	}

	/** The batch's last line: how it ended. */
	summary(): void {
		if (!this.batch) return;
		const left = this.running().length + this.left;
		const parts = [this.readyCount(), this.failedCount(), left ? `${left} still running` : ''];
		const links = this.ready ? ' Links are valid 24 hours.' : '';
		this.say(`Done: ${parts.filter(Boolean).join(', ')}.${links}`);
	}

	private running(): Followed[] {
		return [...this.jobs.values()].filter((j) => j.phase !== 'ended');
	}

	private readyCount(): string {
		return `${this.ready} of ${this.jobs.size} ${this.nouns[1]} ready`;
	}

	private failedCount(): string {
		return this.failed ? `${this.failed} failed` : '';
	}

	/** A batch tells once that every create has been answered. */
	private allCreated(): void {
		const answered = [...this.jobs.values()].filter((j) => j.phase !== 'waiting').length;
		if (answered < this.jobs.size || !this.created) return;
		const credits = this.credits === undefined ? '' : `: about ${this.credits} credits in all`;
		this.say(`${this.created} of ${this.jobs.size} ${this.nouns[0]} jobs created${credits}.`);
	}
}
