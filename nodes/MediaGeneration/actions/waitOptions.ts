import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { MAX_GAP_MS } from '../engine/schedule';
import type { OnTimeout, WaitSettings } from '../engine/types';
import { InputError } from '../validation/inputError';
import { readBoolean, readChoice, readNumber, readText, shown } from '../validation/values';

/**
 * Defaults that suit each kind of job: images take seconds, videos and audio minutes. The poll
 * interval here is only what the form shows once a user adds the option.
 */
export const WAIT_DEFAULTS = {
	image: { pollIntervalSeconds: 5, maxWaitMinutes: 10 },
	video: { pollIntervalSeconds: 15, maxWaitMinutes: 30 },
	podcast: { pollIntervalSeconds: 15, maxWaitMinutes: 30 },
	/** at least a minute of processing per minute of audio: see conversationWaitMinutes */
	conversation: { pollIntervalSeconds: 15, maxWaitMinutes: 60 },
} as const;

type Show = { resource: string[]; operation: string[] };

export function waitForCompletionField(show: Show, what: string): INodeProperties {
	return {
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		displayOptions: { show },
		description: `Whether to wait until the job is done and output the ${what}. Off: output the job_id at once and finish later with Get or Download.`,
	};
}

const binaryField: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: 'Name of the binary field of the output item that receives the file',
};

const fileNameField: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'e.g. cover',
	description:
		'Name for the output file, without extension (the extension comes from the file itself). Several files from one job get -1, -2, …. Empty: named after the job.',
};

/** Its default is set per kind of job (WAIT_DEFAULTS). */
const maxWaitField: INodeProperties = {
	displayName: 'Maximum Wait (Minutes)',
	name: 'maxWaitMinutes',
	type: 'number',
	default: 10,
	typeOptions: { minValue: 0.01, numberPrecision: 2 },
	description: 'How long to wait for each job before the On Timeout choice applies',
};

/** Its default is set per kind of job (WAIT_DEFAULTS). */
const pollIntervalField: INodeProperties = {
	displayName: 'Poll Interval (Seconds)',
	name: 'pollIntervalSeconds',
	type: 'number',
	default: 5,
	typeOptions: { minValue: 0.5, numberPrecision: 1 },
	description:
		'Longest gap between two looks at a job. Without this option the gap grows with the job: about a tenth of the time it has run so far (at least 0.9 s, at most 5 minutes), so that a job is seen finished within 1 s or 10 % of its run time.',
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

/** Upper bounds that keep every wait a real, finite timer. */
const MAX_POLL_SECONDS = 3600;
const MAX_WAIT_MINUTES = 7 * 24 * 60;

/** The Options of a Generate operation: waiting, timeout, files, and the credit guard. */
export function generateOptions(
	show: Show,
	kind: keyof typeof WAIT_DEFAULTS,
	withCredits: boolean,
): INodeProperties {
	const d = WAIT_DEFAULTS[kind];
	const waiting = { show: { '/waitForCompletion': [true] } };
	const options: INodeProperties[] = [
		{ ...binaryField, displayOptions: waiting },
		{
			displayName: 'Download Media',
			name: 'downloadMedia',
			type: 'boolean',
			default: true,
			displayOptions: waiting,
			description:
				'Whether to download the finished media as binary data. Off: output only the links (valid 24 hours), which suits an AI agent using this node as a tool.',
		},
		{ ...fileNameField, displayOptions: waiting },
		{ ...maxWaitField, default: d.maxWaitMinutes, displayOptions: waiting },
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
		createTimeoutField,
	];
	if (withCredits) {
		options.push({
			displayName: 'Max Credits',
			name: 'maxCredits',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description:
				"Largest estimated cost allowed for one item, from the model listing's prices. An item above it fails before any job is created. 0: no limit.",
		});
	}
	return optionsCollection(show, options);
}

/** The Options of a Download operation. */
export function downloadOptions(show: Show): INodeProperties {
	return optionsCollection(show, [fileNameField, binaryField]);
}

function optionsCollection(show: Show, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

function binaryName(options: IDataObject): string {
	const name = readChoice(options.binaryPropertyName ?? 'data', 'Put Output File in Field');
	if (!name)
		throw new InputError(
			'Put Output File in Field is empty; give the name of a binary field, for example data',
		);
	return name;
}

export function readWaitSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: keyof typeof WAIT_DEFAULTS,
	/** this item's own default for Maximum Wait, when the user has not set one */
	maxWaitMinutes?: number,
): WaitSettings & { maxCredits: number } {
	const d = WAIT_DEFAULTS[kind];
	const o = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// unset: the schedule alone decides (see engine/schedule.ts)
	const pollSeconds = readNumber(o.pollIntervalSeconds, 'Poll Interval', MAX_GAP_MS / 1000);
	const waitMinutes = readNumber(
		o.maxWaitMinutes,
		'Maximum Wait',
		maxWaitMinutes ?? d.maxWaitMinutes,
	);
	if (!(pollSeconds > 0))
		throw new InputError(`Poll Interval must be a positive number of seconds, not ${pollSeconds}`);
	if (!(waitMinutes > 0))
		throw new InputError(`Maximum Wait must be a positive number of minutes, not ${waitMinutes}`);
	if (pollSeconds > MAX_POLL_SECONDS)
		throw new InputError(
			`Poll Interval must be at most ${MAX_POLL_SECONDS} seconds, not ${pollSeconds}`,
		);
	if (waitMinutes > MAX_WAIT_MINUTES)
		throw new InputError(
			`Maximum Wait must be at most ${MAX_WAIT_MINUTES} minutes (7 days), not ${waitMinutes}`,
		);
	const timeoutSeconds = readNumber(o.createTimeoutSeconds, 'Create Request Timeout', 60);
	if (!(timeoutSeconds >= 1 && timeoutSeconds <= 600))
		throw new InputError(
			`Create Request Timeout must be between 1 and 600 seconds, not ${timeoutSeconds}`,
		);
	const onTimeout = (readChoice(o.onTimeout, 'On Timeout') || 'error') as OnTimeout;
	if (onTimeout !== 'error' && onTimeout !== 'outputRunning') {
		throw new InputError(
			`On Timeout must be one of: error, outputRunning (not "${shown(onTimeout)}")`,
		);
	}
	const maxCredits = readNumber(o.maxCredits, 'Max Credits', 0);
	if (maxCredits < 0)
		throw new InputError(`Max Credits must be 0 (no limit) or more, not ${maxCredits}`);
	return {
		waitForCompletion: readBoolean(
			ctx.getNodeParameter('waitForCompletion', itemIndex, true),
			'Wait for Completion',
			true,
		),
		pollIntervalMs: Math.max(500, Math.round(pollSeconds * 1000)),
		maxWaitMs: Math.round(waitMinutes * 60_000),
		onTimeout,
		downloadMedia: readBoolean(o.downloadMedia, 'Download Media', true),
		binaryPropertyName: binaryName(o),
		fileName: readText(o.fileName, 'File Name', 200),
		maxCredits,
		createTimeoutMs: Math.round(timeoutSeconds * 1000),
	};
}

export function readDownloadSettings(ctx: IExecuteFunctions, itemIndex: number): WaitSettings {
	const o = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		waitForCompletion: true,
		pollIntervalMs: 1000,
		maxWaitMs: 0,
		onTimeout: 'error',
		downloadMedia: true,
		binaryPropertyName: binaryName(o),
		fileName: readText(o.fileName, 'File Name', 200),
	};
}
