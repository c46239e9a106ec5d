import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { VIDEO_MODE_OPTIONS } from '../actions/descriptions';
import { creditsPer } from '../validation/credits';
import { imageModels, videoModels } from './listings';
import type { ImageModel, VideoModel } from './models.types';

/**
 * Dropdown choices loaded live from the model listings. Resolution, aspect ratio and duration
 * follow the model chosen in the "model" field (loadOptionsDependsOn); while no model is chosen,
 * or the model is an expression, they offer nothing and the user types a value or an expression.
 */

/** the Mode field's own labels, so a model's description reads the way the form does */
const modeLabel = (mode: string) => VIDEO_MODE_OPTIONS.find((o) => o.value === mode)?.name ?? mode;

function chosenModelId(ctx: ILoadOptionsFunctions): string | undefined {
	const value = ctx.getCurrentNodeParameter('model');
	return typeof value === 'string' && value && !value.startsWith('=') ? value : undefined;
}

function chosenMode(ctx: ILoadOptionsFunctions): string | undefined {
	try {
		const value = ctx.getCurrentNodeParameter('mode');
		return typeof value === 'string' && value && !value.startsWith('=') ? value : undefined;
	} catch {
		return undefined;
	}
}

async function chosenImageModel(ctx: ILoadOptionsFunctions): Promise<ImageModel | undefined> {
	const id = chosenModelId(ctx);
	return id ? (await imageModels(ctx)).find((m) => m.id === id) : undefined;
}

async function chosenVideoModel(ctx: ILoadOptionsFunctions): Promise<VideoModel | undefined> {
	const id = chosenModelId(ctx);
	return id ? (await videoModels(ctx)).find((m) => m.id === id) : undefined;
}

function byDefault<T extends INodePropertyOptions>(options: T[], defaultValue: unknown): T[] {
	return options.map((o) => (o.value === defaultValue ? { ...o, name: `${o.name} (default)` } : o));
}

export async function getImageModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await imageModels(this)).map((m) => ({
		name: m.title || m.id,
		value: m.id,
		description: m.description,
	}));
}

export async function getVideoModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const mode = chosenMode(this);
	return (await videoModels(this))
		.filter((m) => !mode || m.modes.includes(mode as VideoModel['modes'][number]))
		.map((m) => ({
			name: m.title || m.id,
			value: m.id,
			description: `${m.description} Modes: ${m.modes.map(modeLabel).join(', ')}.${m.supports_audio ? ' With audio.' : ''}`,
		}));
}

export async function getImageResolutions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenImageModel(this);
	if (!model) return [];
	return byDefault(
		model.resolutions.map((r) => ({
			name: r,
			value: r,
			description:
				model.credits_by_resolution[r] !== undefined
					? creditsPer(model.credits_by_resolution[r], 'image')
					: undefined,
		})),
		model.default_resolution,
	);
}

export async function getImageAspectRatios(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenImageModel(this);
	if (!model) return [];
	return model.aspect_ratios.map((a) => ({ name: a, value: a }));
}

export async function getVideoResolutions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenVideoModel(this);
	if (!model) return [];
	return byDefault(
		model.resolutions.map((r) => ({
			name:
				r.label && r.label !== r.resolution ? `${r.resolution} (renders ${r.label})` : r.resolution,
			value: r.resolution,
			description: creditsPer(r.credits_per_second, 'second'),
		})),
		model.default_resolution,
	);
}

export async function getVideoAspectRatios(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenVideoModel(this);
	if (!model) return [];
	return model.aspect_ratios.map((a) => ({ name: a, value: a }));
}

export async function getVideoDurations(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenVideoModel(this);
	if (!model) return [];
	return byDefault(
		model.durations.map((d) => ({ name: `${d} s`, value: d })),
		model.default_duration,
	);
}
