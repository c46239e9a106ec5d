import type { IExecuteFunctions } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import type { JobRequest } from '../../engine/jobs/types';
import { MAX_GAP_MS } from '../../engine/plan/schedule';
import type { ToolOperation } from '../operation.types';
import { readJobId } from '../jobs/download.operation';
import { readDownloadSettings, readOptions } from '../waitSettings';
import { recalled } from './runMemory';
import { toolWaitSettings } from './toolMode';

/**
 * Get and Check as an AI agent's tools: the job the agent names is watched until it ends or
 * Tool Wait is over, then answered with its links, or with its status and how to check again
 * (tool/toolAnswer.ts). A call never outlasts a client's patience, and the job is never made again.
 */
export function checkToolOperation(kind: JobKind): ToolOperation {
	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const jobId = readJobId(kind, this.getNodeParameter('jobId', itemIndex, ''));
		const wait = toolWaitSettings(this, itemIndex);
		// polls are timed from the job's creation when this run made it; else it is taken to have
		// run one Tool Wait already, as it has when a create tool answered with it
		const createdAt = recalled(this, jobId)?.createdAt ?? Date.now() - wait.maxWaitMs;
		return {
			kind,
			jobId,
			watch: { createdAt },
			settings: {
				...readDownloadSettings(this, readOptions(this, itemIndex)),
				pollIntervalMs: MAX_GAP_MS,
				...wait,
			},
			json: {},
		};
	}

	return { prepare };
}
