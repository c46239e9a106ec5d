import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../contract/jobs';
import { MAX_GAP_MS } from '../engine/plan/schedule';
import { JOB_KINDS } from '../engine/jobs/jobKinds';
import type { OnTimeout, WaitSettings } from '../engine/jobs/types';
import { InputError } from '../validation/inputError';
import { readBoolean, readChoice, readNumber, readText, shown } from '../validation/values';
import { inToolMode, toolWaitSettings } from './tool/toolMode';

/** The Options of an operation as one item's settings (see waitOptions.ts for the fields). */

/** Upper bounds that keep every wait a real, finite timer. */
const MAX_POLL_INTERVAL_SECONDS = 3600;
const MAX_WAIT_MINUTES = 7 * 24 * 60;

export function readBinaryName(options: IDataObject): string {
	const name = readChoice(options.binaryPropertyName ?? 'data', 'Put Output File in Field');
	if (!name)
		throw new InputError(
			'Put Output File in Field is empty; give the name of a binary field, for example data',
		);
	return name;
}

/** Maximum Wait in minutes, `fallback` when unset: more than 0 and at most a week. */
export function readMaxWaitMinutes(options: IDataObject, fallback: number): number {
	const minutes = readNumber(options.maxWaitMinutes, 'Maximum Wait', fallback);
	if (!(minutes > 0))
		throw new InputError(`Maximum Wait must be a positive number of minutes, not ${minutes}`);
	if (minutes > MAX_WAIT_MINUTES)
		throw new InputError(
			`Maximum Wait must be at most ${MAX_WAIT_MINUTES} minutes (7 days), not ${minutes}`,
		);
	return minutes;
}

/** An item's Options, read once and handed to each reader of them. */
export function readOptions(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
}

export function readWaitSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: JobKind,
	/** the item's Options (readOptions) */
	o: IDataObject,
	/** this item's own default for Maximum Wait, when the user has not set one */
	maxWaitMinutes?: number,
): WaitSettings & { maxCredits: number } {
	// unset: the schedule alone decides (see engine/plan/schedule.ts)
	const intervalSeconds = readNumber(o.pollIntervalSeconds, 'Poll Interval', MAX_GAP_MS / 1000);
	if (!(intervalSeconds > 0))
		throw new InputError(
			`Poll Interval must be a positive number of seconds, not ${intervalSeconds}`,
		);
	if (intervalSeconds > MAX_POLL_INTERVAL_SECONDS)
		throw new InputError(
			`Poll Interval must be at most ${MAX_POLL_INTERVAL_SECONDS} seconds, not ${intervalSeconds}`,
		);
	const waitMinutes = readMaxWaitMinutes(o, maxWaitMinutes ?? JOB_KINDS[kind].wait.maxWaitMinutes);
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
	const settings = {
		waitForCompletion: readBoolean(
			ctx.getNodeParameter('waitForCompletion', itemIndex, true),
			'Wait for Completion',
			true,
		),
		pollIntervalMs: Math.max(500, Math.round(intervalSeconds * 1000)),
		maxWaitMs: Math.round(waitMinutes * 60_000),
		onTimeout,
		downloadMedia: readBoolean(o.downloadMedia, 'Download Media', !inToolMode(ctx)),
		binaryPropertyName: readBinaryName(o),
		fileName: readText(o.fileName, 'File Name', 200),
		streamProgress: readBoolean(o.streamProgress, 'Stream Progress', true),
		maxCredits,
		createTimeoutMs: Math.round(timeoutSeconds * 1000),
	};
	if (!inToolMode(ctx)) return settings;
	// as a tool: Tool Wait instead of Maximum Wait and On Timeout, and a create answered within it
	// unless the user set its timeout (a job whose id the agent never sees is lost to it)
	const tool = toolWaitSettings(ctx, itemIndex);
	const createTimeoutMs =
		o.createTimeoutSeconds === undefined
			? Math.min(settings.createTimeoutMs, tool.maxWaitMs)
			: settings.createTimeoutMs;
	return { ...settings, ...tool, createTimeoutMs };
}

/** Download's settings from the item's Options (readOptions). */
export function readDownloadSettings(ctx: IExecuteFunctions, o: IDataObject): WaitSettings {
	return {
		waitForCompletion: true,
		pollIntervalMs: 1000,
		maxWaitMs: 0,
		onTimeout: 'error',
		// an agent receives no binary data: as a tool, Download outputs fresh links
		downloadMedia: !inToolMode(ctx),
		binaryPropertyName: readBinaryName(o),
		fileName: readText(o.fileName, 'File Name', 200),
		streamProgress: readBoolean(o.streamProgress, 'Stream Progress', true),
	};
}
