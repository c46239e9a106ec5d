import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../engine/jobs';
import type { JobRequest } from '../engine/types';
import { checkId } from '../validation/ids';
import { InputError } from '../validation/inputError';
import { checkNamedId, readIdText } from '../validation/values';
import { jobIdField } from './descriptions';
import { downloadOptions, readDownloadSettings } from './waitOptions';

/** A Download operation for one job kind: fresh links from the job, then the files as binary data. */
export function downloadJobOperation(kind: JobKind) {
	const show = { resource: [kind], operation: ['download'] };
	const description: INodeProperties[] = [
		{ ...jobIdField(kind), displayOptions: { show } },
		downloadOptions(show),
	];

	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const jobId = readJobId(kind, this.getNodeParameter('jobId', itemIndex, ''));
		return { kind, jobId, settings: readDownloadSettings(this, itemIndex), json: {} };
	}

	return { description, prepare };
}

/** A job id from the form: image and video jobs have uuids; audio job ids are checked for form only. */
export function readJobId(kind: JobKind, value: unknown): string {
	const raw = readIdText(value, 'Job ID');
	if (!raw) throw new InputError('Job ID is empty: give the job_id of an earlier job');
	return kind === 'podcast' ? checkNamedId(raw, 'Job ID') : checkId(raw, 'Job ID');
}
