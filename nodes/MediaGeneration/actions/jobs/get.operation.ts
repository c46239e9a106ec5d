import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { apiRequest } from '../../transport/request';
import { jobIdField } from '../descriptions';
import { readJobId } from './download.operation';
import { JOB_KINDS } from '../../engine/jobs/jobKinds';
import { describeJob } from '../../engine/jobs/jobOutput';
import { checkToolOperation } from '../tool/checkTool';
import { jobIdFields } from '../tool/jobIdFields';
import { readParameter } from '../itemField';
import { nodeOf } from '../../transport/perRun';

/**
 * A Get operation for one job kind: reads the job once and outputs its JSON (fresh links
 * included). As a tool it waits for the job within Tool Wait (tool/checkTool.ts).
 */
export function getJobOperation(kind: JobKind) {
	const description: INodeProperties[] = jobIdFields(jobIdField(kind), kind);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		let jobId: string;
		try {
			jobId = readJobId(kind, readParameter(this, 'jobId', itemIndex, ''));
		} catch (error) {
			throw new NodeOperationError(nodeOf(this), (error as Error).message, { itemIndex });
		}
		const fetchedAt = Date.now();
		const body = await apiRequest<IDataObject>(this, {
			method: 'GET',
			intent: 'read',
			path: JOB_KINDS[kind].path(jobId),
			itemIndex,
		});
		return [{ json: describeJob(kind, jobId, body, fetchedAt) }];
	}

	return { description, execute, asTool: checkToolOperation(kind) };
}
