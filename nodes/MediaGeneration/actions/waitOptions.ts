import type { INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../contract/jobs';
import { JOB_KINDS } from '../engine/jobs/jobKinds';
import { AUDIO_CREDITS_PER_MINUTE } from '../validation/audioCost';
import { creditsPer } from '../validation/credits';
import { additionalBodyFieldsOption } from './bodyFields';
import { runCostOptions } from './cost/runOptions';

export function waitForCompletionField(what: string): INodeProperties {
	return {
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description: `Whether to wait until the job is done and output the ${what}. Off: output the job_id at once and finish later with Get or Download.`,
	};
}

export const binaryFieldOption: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: 'Name of the binary field of the output item that receives the file',
};

export const fileNameOption: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'e.g. cover',
	description:
		'Name for the output file, without extension (the extension comes from the file itself). Several files from one job get -1, -2, …. Empty: named after the job.',
};

/** A chat or streaming webhook hears how the jobs go; other runs are unchanged. */
export const streamProgressOption: INodeProperties = {
	displayName: 'Stream Progress',
	name: 'streamProgress',
	type: 'boolean',
	default: true,
	description:
		"Whether to tell a chat or a streaming webhook how the jobs go while the node waits: created, queued, processing, then each file's link. Only when the workflow streams its answer (a Chat Trigger or a Webhook whose Response Mode is Streaming). Off: nothing is streamed.",
};

/** Its default is set per kind of job (JOB_KINDS[kind].wait). */
export const maxWaitField: INodeProperties = {
	displayName: 'Maximum Wait (Minutes)',
	name: 'maxWaitMinutes',
	type: 'number',
	default: 10,
	typeOptions: { minValue: 0.01, numberPrecision: 2 },
	description: 'How long to wait for each job before the On Timeout choice applies',
};

/** Its default is set per kind of job (JOB_KINDS[kind].wait). */
const pollIntervalField: INodeProperties = {
	displayName: 'Poll Interval (Seconds)',
	name: 'pollIntervalSeconds',
	type: 'number',
	default: 5,
	typeOptions: { minValue: 0.5, numberPrecision: 1 },
	description:
		'Longest gap between two polls of a job. Without this option the gap grows with the job: a tenth of the time it has run so far, at least about 2 s and at most 5 minutes. A job is then seen finished within 10 % of its run time, or about 2 s for a short job.',
};

/** Longest a create request may go unanswered; the service may still make the job. */
const createTimeoutField: INodeProperties = {
	displayName: 'Create Request Timeout (Seconds)',
	name: 'createTimeoutSeconds',
	type: 'number',
	default: 60,
	typeOptions: { minValue: 1, maxValue: 600 },
	description:
		'How long to wait for the service to answer the request that starts a job. After that the item fails and says that the job may exist; it is never sent again, to avoid paying twice.',
};

/**
 * The Options of a Generate operation: waiting, timeout, files, and the credit guard. Maximum
 * Wait defaults to the kind's, or to `maxWaitMinutes` for operations that wait longer.
 */
export function generateOptions(
	kind: JobKind,
	withCredits: boolean,
	maxWaitMinutes = JOB_KINDS[kind].wait.maxWaitMinutes,
): INodeProperties {
	const d = JOB_KINDS[kind].wait;
	const waiting = { show: { '/waitForCompletion': [true] } };
	const options: INodeProperties[] = [
		{ ...binaryFieldOption, displayOptions: waiting },
		{
			displayName: 'Download Media',
			name: 'downloadMedia',
			type: 'boolean',
			default: true,
			displayOptions: waiting,
			description:
				"Whether to download the finished media as binary data. Off: output only the links (valid 24 hours). Off by default when the node is an AI agent's tool, as agents receive no binary data.",
		},
		{ ...fileNameOption, displayOptions: waiting },
		{ ...maxWaitField, default: maxWaitMinutes, displayOptions: waiting },
		{
			displayName: 'On Timeout',
			name: 'onTimeout',
			type: 'options',
			default: 'error',
			displayOptions: waiting,
			options: [
				{
					name: 'Fail With the Job ID',
					value: 'error',
					description: 'The item fails; the message names the job so Download can fetch it later',
				},
				{
					name: 'Output the Job as Still Running',
					value: 'outputRunning',
					description: 'Output job_id and status with timed_out true, for a later Get or Download',
				},
			],
			description:
				'What happens when a job is not done within Maximum Wait. The job keeps running on the service either way.',
		},
		{ ...pollIntervalField, default: d.pollIntervalSeconds, displayOptions: waiting },
		{ ...streamProgressOption, displayOptions: waiting },
		createTimeoutField,
		additionalBodyFieldsOption,
	];
	if (withCredits) {
		options.push({
			displayName: 'Max Credits',
			name: 'maxCredits',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: `Largest estimated cost allowed for one item, ${kind !== 'podcast' ? "from the model listing's prices" : `at the service's stated ${creditsPer(AUDIO_CREDITS_PER_MINUTE, 'minute of audio')}, the minutes from the script's words or the length the prompt states (a prompt that states none is refused while this is set)`}. An item above it fails before any job is created. 0: no limit.`,
		});
		options.push(...runCostOptions);
	}
	return optionsCollection(options);
}

/** The Options of a Download operation. */
export function downloadOptions(): INodeProperties {
	return optionsCollection([fileNameOption, binaryFieldOption, streamProgressOption]);
}

export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}
