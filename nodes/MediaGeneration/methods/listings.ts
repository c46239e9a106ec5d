import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport/request';
import type { ImageModel, VideoModel } from './models.types';

/**
 * Model listings, fetched at most once per node call and shared by every item and field of
 * that call. The cache lives on the context object, never at module level, so that queue mode
 * and concurrent executions stay independent.
 */
const cacheKey = Symbol('mediaGenerationListings');

type Cache = { image?: Promise<ImageModel[]>; video?: Promise<VideoModel[]> };

function cacheOf(ctx: IExecuteFunctions | ILoadOptionsFunctions): Cache {
	const holder = ctx as unknown as { [cacheKey]?: Cache };
	holder[cacheKey] ??= {};
	return holder[cacheKey];
}

export async function imageModels(ctx: IExecuteFunctions | ILoadOptionsFunctions): Promise<ImageModel[]> {
	const cache = cacheOf(ctx);
	if (!cache.image) {
		const pending = apiRequest<{ models?: ImageModel[] }>(ctx, { method: 'GET', path: '/image/models' }).then(
			(r) => r.models ?? [],
		);
		cache.image = pending;
		// a failed listing is not kept: the next field or item asks again
		pending.catch(() => {
			if (cache.image === pending) cache.image = undefined;
		});
	}
	return await cache.image;
}

export async function videoModels(ctx: IExecuteFunctions | ILoadOptionsFunctions): Promise<VideoModel[]> {
	const cache = cacheOf(ctx);
	if (!cache.video) {
		const pending = apiRequest<{ models?: VideoModel[] }>(ctx, { method: 'GET', path: '/video/models' }).then(
			(r) => r.models ?? [],
		);
		cache.video = pending;
		// a failed listing is not kept: the next field or item asks again
		pending.catch(() => {
			if (cache.video === pending) cache.video = undefined;
		});
	}
	return await cache.video;
}
