import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';
import type { JobRequest } from '../../engine/jobs/types';
import { InputError } from '../../validation/inputError';
import { readIdText } from '../../validation/values';
import { jobIdField } from '../descriptions';
import { jobIdFields } from '../tool/jobIdFields';
import { toolWaitSettings } from '../tool/toolMode';
import { downloadOptions } from '../waitOptions';
import { readDownloadSettings, readOptions } from '../waitSettings';
import { readParameter } from '../itemField';

/**
 * A Download operation for one job kind: fresh links from the job, then the files as binary data.
 * As a tool, the links alone (an agent receives no files), within Tool Wait.
 */
export function downloadJobOperation(kind: JobKind) {
	const description: INodeProperties[] = [
		...jobIdFields(jobIdField(kind), kind),
		downloadOptions(),
	];

	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const jobId = readJobId(kind, readParameter(this, 'jobId', itemIndex, ''));
		return {
			kind,
			jobId,
			settings: readDownloadSettings(this, readOptions(this, itemIndex)),
			json: {},
		};
	}

	/** As an agent's tool: the same, answered within Tool Wait (tool/toolMode.ts). */
	async function prepareTool(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const req = await prepare.call(this, itemIndex);
		return { ...req, settings: { ...req.settings, ...toolWaitSettings(this, itemIndex) } };
	}

	return { description, prepare, asTool: { prepare: prepareTool } };
}

/** A job id from the form, checked as its kind's ids are (see JOB_KINDS). */
export function readJobId(kind: JobKind, value: unknown): string {
	const raw = readIdText(value, 'Job ID');
	if (!raw) throw new InputError('Job ID is empty: give the job_id of an earlier job');
	return JOB_KINDS[kind].checkJobId(raw);
}
