import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';
import { withoutInputFiles } from '../../transport/binaryField';
import type { JobRequest } from '../../engine/jobs/types';
import { jobIdField } from '../descriptions';
import { readJobId } from './download.operation';
import {
	binaryFieldOption,
	fileNameOption,
	maxWaitField,
	optionsCollection,
	streamProgressOption,
} from '../waitOptions';
import { readDownloadSettings, readMaxWaitMinutes, readOptions } from '../waitSettings';
import { checkToolOperation } from '../tool/checkTool';
import { jobIdFields } from '../tool/jobIdFields';
import { readParameter } from '../itemField';

/**
 * Check: the durable way to wait. Each item's job is polled once; a finished job's files go to
 * the Done output, a job still running goes to the Running output, which the user connects
 * through n8n's Wait node back to this operation. A Wait of 65 s or more saves the execution to
 * n8n's database, so no execution, memory or worker slot is held while the jobs run, and a
 * restart of n8n resumes the loop. As an AI agent's tool, Check waits for the job within Tool Wait
 * instead, on one output (tool/checkTool.ts).
 */

/** Fields an item collects on its way round the loop: each poll writes them afresh. */
const POLL_FIELDS = ['status', 'checked_at', 'last_check_error', 'timed_out', 'error'];

/** Its default is set per kind of job (JOB_KINDS[kind].wait.checkMaxWaitMinutes). */
const maxWaitOption: INodeProperties = {
	...maxWaitField,
	description:
		'Longest time a job may run, counted from its creation (the created_at field Generate outputs; without it, from the first check). A job still running after that fails with its job ID; it keeps running on the service.',
};

export const CHECK_OUTPUT_NAMES = ['Done', 'Running'];

export function checkJobsOperation(kind: JobKind) {
	const description: INodeProperties[] = [
		...jobIdFields({ ...jobIdField(kind), default: '={{ $json.job_id }}' }, kind),
		{
			displayName:
				'Connect Running through a Wait node (at least 65 seconds, so that n8n saves the execution and frees its memory and worker) back to this node. Finished jobs leave by Done with their files.',
			name: 'checkNotice',
			type: 'notice',
			default: '',
		},
		optionsCollection([
			binaryFieldOption,
			fileNameOption,
			{ ...maxWaitOption, default: JOB_KINDS[kind].wait.checkMaxWaitMinutes },
			streamProgressOption,
		]),
	];

	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const jobId = readJobId(kind, readParameter(this, 'jobId', itemIndex, ''));
		const o = readOptions(this, itemIndex);
		const waitMinutes = readMaxWaitMinutes(o, JOB_KINDS[kind].wait.checkMaxWaitMinutes);
		const input = this.getInputData()[itemIndex]?.json ?? {};
		const json = carried(withoutInputFiles(this, input), jobId);
		const since = startOf(json);
		if (since === undefined) json.first_checked_at = new Date().toISOString();
		return {
			kind,
			jobId,
			check: { since: since ?? Date.now() },
			// a finished job's files as Download outputs them, with Maximum Wait for one still running
			settings: {
				...readDownloadSettings(this, o),
				maxWaitMs: Math.round(waitMinutes * 60_000),
			},
			json,
		};
	}

	/**
	 * An error item from before (Generate with Continue On Fail) that names no job goes on to Done
	 * as it came: it is already its item's outcome, and failing it again would stop the loop.
	 */
	function passesOn(this: IExecuteFunctions, itemIndex: number): boolean {
		const json = this.getInputData()[itemIndex]?.json ?? {};
		const jobId = this.getNodeParameter('jobId', itemIndex, '');
		return json.error !== undefined && (jobId === '' || jobId === undefined || jobId === null);
	}

	return { description, prepare, passesOn, split, asTool: checkToolOperation(kind) };
}

/**
 * The input item's fields that go on with the job (what Generate output, and anything the user
 * added), without those each poll writes afresh. A job id of another job is not carried.
 */
function carried(input: IDataObject, jobId: string): IDataObject {
	const json: IDataObject = {};
	for (const [key, value] of Object.entries(input)) {
		if (!POLL_FIELDS.includes(key)) json[key] = value;
	}
	if (json.job_id !== jobId) {
		delete json.created_at;
		delete json.first_checked_at;
	}
	delete json.job_id;
	return json;
}

/** When the job's Maximum Wait started: its creation, else its first check (ms), if the item says. */
function startOf(json: IDataObject): number | undefined {
	for (const key of ['created_at', 'first_checked_at']) {
		const value = json[key];
		const at = typeof value === 'string' ? Date.parse(value) : NaN;
		if (Number.isFinite(at)) return at;
	}
	return undefined;
}

/** Which output an item of Check goes to: Running while its job has not ended, else Done. */
function outputOf(json: IDataObject): 0 | 1 {
	return json.error === undefined && (json.status === 'queued' || json.status === 'processing')
		? 1
		: 0;
}

/** Check's items over its outputs: Done (finished jobs and error items) and Running. */
function split(items: INodeExecutionData[]): INodeExecutionData[][] {
	const outputs: INodeExecutionData[][] = CHECK_OUTPUT_NAMES.map(() => []);
	for (const item of items) outputs[outputOf(item.json)].push(item);
	return outputs;
}
