import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../engine/jobs';
import type { JobRequest } from '../engine/types';
import { checkId } from '../validation/ids';
import { InputError } from '../validation/inputError';
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
		const raw = String(this.getNodeParameter('jobId', itemIndex, '')).trim();
		if (!raw) throw new InputError('Job ID is empty: give the job_id of an earlier job');
		const jobId = kind === 'podcast' ? raw : checkId(raw, 'Job ID');
		return { kind, jobId, settings: readDownloadSettings(this, itemIndex), json: {} };
	}

	return { description, prepare };
}
