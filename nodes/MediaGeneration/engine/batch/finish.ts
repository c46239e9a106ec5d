import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { JobKind } from '../../contract/jobs';
import { cancelledError } from '../../transport/cancelled';
import { downloadFile } from '../files/download';
import { JOB_KINDS } from '../jobs/jobKinds';
import { compact, linkExpiry, outputFileName } from '../jobs/jobOutput';
import { mapLimit } from '../limits/mapLimit';
import type { WaitSettings } from '../jobs/types';
import { nodeOf } from '../../transport/perRun';

/** A succeeded job, as the batch knows it when its final state arrives. */
export type FinishedJob = {
	kind: JobKind;
	jobId: string;
	itemIndex: number;
	settings: WaitSettings;
	/** the fields every output item of the job carries (job_id, status, model, credits, …) */
	json: IDataObject;
	/** the job endpoint's answer that said it succeeded, and when it came */
	body: IDataObject;
	fetchedAt: number;
	/** reads the job again, for fresh links when one has expired */
	readJob: () => Promise<IDataObject>;
};

/** Where downloads wait their turn: a Governor for images and audio, TransferSlots for videos. */
export type DownloadSlots = { run(task: () => Promise<IBinaryData>): Promise<IBinaryData> };

/**
 * The output items of a succeeded job: one per result file, with its link, and with the file as
 * binary data unless Download Media is off. Downloads share the batch's slots; a file that
 * cannot be fetched fails the whole item (the job keeps its result for a later Download).
 */
export async function finishedItems(
	ctx: IExecuteFunctions,
	job: FinishedJob,
	downloads: DownloadSlots,
	signal: AbortSignal,
): Promise<INodeExecutionData[]> {
	const { kind, jobId, settings } = job;
	const files = JOB_KINDS[kind].files(job.body);
	const expires = linkExpiry(job.fetchedAt);
	const items = files.map((f) => ({
		json: compact({ ...job.json, ...f.json, url: f.url, url_expires_at: expires }),
	})) as INodeExecutionData[];
	if (!settings.downloadMedia) return items;

	const binaries = await mapLimit(files, files.length, async (file, i) => {
		return await downloads.run(async () => {
			if (signal.aborted) throw cancelledError(nodeOf(ctx), job.itemIndex);
			return await downloadFile(ctx, {
				kind,
				jobId,
				url: file.url,
				itemIndex: job.itemIndex,
				signal,
				fileName: (ext) => outputFileName(kind, jobId, settings.fileName, i + 1, files.length, ext),
				freshUrl: async () => {
					const link = JOB_KINDS[kind].files(await job.readJob())[i]?.url ?? '';
					items[i].json.url = link;
					items[i].json.url_expires_at = linkExpiry(Date.now());
					return link;
				},
			});
		});
	});
	for (const [i, b] of binaries.entries()) {
		if (!b.ok) throw b.error;
		items[i].binary = { [settings.binaryPropertyName]: b.value as IBinaryData };
	}
	return items;
}
