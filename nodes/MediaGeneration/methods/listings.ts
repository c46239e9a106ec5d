import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { ImageModel, VideoModel } from '../contract/models';
import { oncePerRun } from '../transport/perRun';
import { apiRequest } from '../transport/request';

/** Model listings, fetched at most once per node run and shared by every item and field of it. */
async function listing<M>(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	kind: 'image' | 'video',
): Promise<M[]> {
	return await oncePerRun(ctx, `${kind} models`, async () => {
		const r = await apiRequest<{ models?: M[] }>(ctx, {
			method: 'GET',
			intent: 'read',
			path: `/${kind}/models`,
		});
		return r.models ?? [];
	});
}

export async function imageModels(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<ImageModel[]> {
	return await listing<ImageModel>(ctx, 'image');
}

export async function videoModels(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<VideoModel[]> {
	return await listing<VideoModel>(ctx, 'video');
}
