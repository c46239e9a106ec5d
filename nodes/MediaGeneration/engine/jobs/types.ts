import type { IDataObject } from 'n8n-workflow';

import type { CreditEstimate } from '../../contract/credits';
import type { JobKind } from '../../contract/jobs';

export type OnTimeout = 'error' | 'outputRunning';

/** How one item's job is waited for and what its output holds (the operation's Options). */
export type WaitSettings = {
	waitForCompletion: boolean;
	pollIntervalMs: number;
	maxWaitMs: number;
	onTimeout: OnTimeout;
	downloadMedia: boolean;
	binaryPropertyName: string;
	/** base name for output files; empty: named after the job */
	fileName: string;
	/** whether the job's progress goes to a streaming run's chat or webhook (on unless set off) */
	streamProgress?: boolean;
	/** how long a create request may go unanswered (default: the transport's 60 s) */
	createTimeoutMs?: number;
	/**
	 * As an AI agent's tool: when the node answers, whatever its jobs do (Tool Wait, counted from
	 * the call). Each output item then says when its job was created (`created_at`), so that the
	 * agent can check it later.
	 */
	answerBy?: number;
};

/** A wait that ends at `deadline`, or sooner when the node must answer by then (a tool's bound). */
export function boundedBy(settings: WaitSettings, deadline: number): number {
	return Math.min(deadline, settings.answerBy ?? Infinity);
}

/** What an operation hands the engine for one input item. */
export type JobRequest = {
	kind: JobKind;
	/** a new job: its create request */
	create?: { path: string; body: IDataObject };
	/** an existing job (Download): it must have ended already */
	jobId?: string;
	/**
	 * Check: the existing job is polled once and may still run; Maximum Wait counts from
	 * `since` (when the job was created, in ms)
	 */
	check?: { since: number };
	/**
	 * An existing job watched until it ends or its wait is over (Get or Check as a tool); its polls
	 * are timed as for a job created at `createdAt` (ms)
	 */
	watch?: { createdAt: number };
	settings: WaitSettings;
	/** fields for every output item of this job (model, estimated credits, …) */
	json: IDataObject;
	/** a create's estimated cost, for a dry run and the run's credit limit (actions/cost/) */
	estimate?: CreditEstimate;
};
