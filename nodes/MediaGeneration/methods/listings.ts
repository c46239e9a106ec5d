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

async function listing<K extends keyof Cache>(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	kind: K,
): Promise<NonNullable<Awaited<Cache[K]>>> {
	const cache = cacheOf(ctx);
	if (!cache[kind]) {
		const pending = apiRequest<{ models?: unknown[] }>(ctx, {
			method: 'GET',
			path: `/${kind}/models`,
		}).then((r) => r.models ?? []) as Cache[K];
		cache[kind] = pending;
		// a failed listing is not kept: the next field or item asks again
		pending?.catch(() => {
			if (cache[kind] === pending) cache[kind] = undefined;
		});
	}
	return (await cache[kind]) as NonNullable<Awaited<Cache[K]>>;
}

export async function imageModels(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<ImageModel[]> {
	return await listing(ctx, 'image');
}

export async function videoModels(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<VideoModel[]> {
	return await listing(ctx, 'video');
}
