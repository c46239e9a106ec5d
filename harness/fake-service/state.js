'use strict';
/** Everything the fake service remembers: accounts, uploaded and generated assets, jobs, and what it saw. */
const { randomUUID } = require('node:crypto');
const clock = require('../clock');
const { seeded } = require('../seeded');

const DEFAULT_ACCOUNTS = {
	'test-key-alice': { user: 'alice', paid: true, credits: 100000 },
	'test-key-alice-2': { user: 'alice', paid: true, credits: 100000 },
	'test-key-bob': { user: 'bob', paid: true, credits: 100000 },
	'test-key-unpaid': { user: 'carol', paid: false, credits: 0 },
	'test-key-poor': { user: 'dave', paid: true, credits: 5 },
};

class ServiceState {
	constructor({
		accounts = DEFAULT_ACCOUNTS,
		timing = {},
		audioConcurrency = 5,
		capacity = Infinity,
		spread = 0,
		seed = 1,
		now = clock.now,
	} = {}) {
		this.accounts = new Map(Object.entries(accounts).map(([k, v]) => [k, { ...v }]));
		this.timing = { queueMs: 100, imageMs: 400, videoMs: 600, audioMs: 500, ...timing };
		this.audioConcurrency = audioConcurrency;
		/** image and video jobs of one user that run at once; the rest stay queued, first come first served */
		this.capacity = capacity;
		this.setSpread(spread, seed);
		this.now = now;
		this.images = new Map();
		this.videos = new Map();
		this.jobs = new Map();
		this.requests = [];
		this.fileRequests = [];
		/** requests to the scripted chat endpoint (openai/v1) */
		this.chatRequests = [];
		this.maxAudioInFlight = 0;
		this.resultPaddingBytes = 0;
	}

	account(key) {
		return key === undefined ? undefined : this.accounts.get(key);
	}

	addImage(owner, facts) {
		const id = randomUUID();
		this.images.set(id, { id, owner, ...facts });
		return id;
	}
	addVideo(owner, facts) {
		const id = randomUUID();
		this.videos.set(id, { id, owner, ...facts });
		return id;
	}

	/**
	 * Run times vary by up to ± `spread` (0.3: ±30 %) around their setting, drawn from a generator
	 * seeded with `seed`, so that a run repeats.
	 */
	setSpread(spread, seed = 1) {
		this.spread = spread;
		this.random = seeded(seed);
	}

	/**
	 * When a job ready to start at `readyAt` starts, with at most `capacity` of its owner's image
	 * and video jobs running at once: first come first served, so it starts no earlier than the
	 * jobs created before it, at the first moment fewer than `capacity` of them run.
	 */
	startOf(kind, owner, readyAt) {
		if (!Number.isFinite(this.capacity) || (kind !== 'image' && kind !== 'video')) return readyAt;
		const earlier = [...this.jobs.values()].filter(
			(j) => j.owner === owner && (j.kind === 'image' || j.kind === 'video'),
		);
		const endOf = (j) => (j.outcome === 'never' ? Infinity : j.endsAt);
		const from = Math.max(readyAt, ...earlier.map((j) => j.startsAt));
		const candidates = [from, ...earlier.map(endOf).filter((t) => t > from && t < Infinity)].sort(
			(x, y) => x - y,
		);
		const running = (t) => earlier.filter((j) => j.startsAt <= t && t < endOf(j)).length;
		return candidates.find((t) => running(t) < this.capacity) ?? Infinity;
	}

	/** A job's run time for a `setting`: spread at random by up to `spread` either way. */
	runTime(setting) {
		if (!this.spread) return setting;
		return Math.round(setting * (1 + this.spread * (2 * this.random() - 1)));
	}

	/** Creates a job; its state advances with time: queued, processing, then its outcome. */
	addJob(kind, owner, fields) {
		const id = randomUUID();
		const created = this.now();
		// a job's run time: a number, or a function of its request (bigger jobs can take longer)
		const timing = this.timing[`${kind}Ms`];
		const setting =
			typeof timing === 'function' ? timing(fields.request ?? {}, { kind, ...fields }) : timing;
		const runMs = this.runTime(setting);
		const queueMs = Math.min(this.timing.queueMs, runMs);
		const startsAt = this.startOf(kind, owner, created + queueMs);
		const job = {
			id,
			kind,
			owner,
			createdAt: created,
			startsAt,
			endsAt: startsAt + runMs - queueMs,
			outcome: 'succeeded',
			error: undefined,
			charged: false,
			...fields,
		};
		this.jobs.set(id, job);
		if (kind === 'audio') {
			this.maxAudioInFlight = Math.max(this.maxAudioInFlight, this.audioInFlight(owner));
		}
		return job;
	}

	status(job) {
		const t = this.now();
		if (job.outcome === 'never') return t < job.startsAt ? 'queued' : 'processing';
		if (t < job.startsAt) return 'queued';
		if (t < job.endsAt) return 'processing';
		if (job.outcome === 'succeeded' && !job.charged) {
			job.charged = true;
			const account = [...this.accounts.values()].find((a) => a.user === job.owner);
			if (account) account.credits -= job.estimatedCredits ?? 0;
		}
		return job.outcome;
	}

	audioInFlight(owner) {
		let n = 0;
		for (const job of this.jobs.values()) {
			if (job.kind !== 'audio' || job.owner !== owner) continue;
			const s = this.status(job);
			if (s === 'queued' || s === 'processing') n++;
		}
		return n;
	}

	/**
	 * Jobs created per distinct request: route plus JSON body -> how many jobs it made. A count
	 * above 1 is a paid job created twice.
	 */
	createsPerBody() {
		const counts = new Map();
		for (const job of this.jobs.values()) {
			const key = `${job.route ?? job.kind} ${JSON.stringify(job.request ?? {})}`;
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
		return counts;
	}

	/** The requests that made more than one job each (should be none). */
	duplicateCreates() {
		return [...this.createsPerBody()].filter(([, n]) => n > 1).map(([key, n]) => ({ key, n }));
	}

	jobsOf(kind) {
		return [...this.jobs.values()].filter((j) => j.kind === kind);
	}
}

module.exports = { ServiceState, DEFAULT_ACCOUNTS };
