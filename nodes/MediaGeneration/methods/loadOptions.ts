import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { creditsPer } from '../validation/credits';
import { imageModels, videoModels } from './listings';
import { imageModelOption, videoModelOption, videoModelsForMode } from './modelOptions';

/**
 * Dropdown choices loaded live from the model listings. Resolution, aspect ratio and duration
 * follow the model chosen in the "model" field (loadOptionsDependsOn). Each of them starts with
 * "Model's Default", the empty value the field starts with: n8n's editor marks an options value
 * that is not in the loaded list as unsupported, so without it a new node would show these
 * fields in red before a model is chosen. While no model is chosen, or the model is an
 * expression, that is the only choice; the user can still type an expression.
 */

/**
 * The model chosen in the form: the dropdown's value (versions 1 and 2), or the resource
 * locator's value, picked from the list or typed by ID (version 3). n8n extracts a locator's
 * value; a locator it does not extract (a form of another version) is read here.
 */
function chosenModelId(ctx: ILoadOptionsFunctions): string | undefined {
	let value: unknown;
	try {
		value = ctx.getCurrentNodeParameter('model', { extractValue: true });
	} catch {
		value = ctx.getCurrentNodeParameter('model');
	}
	if (value && typeof value === 'object') value = (value as { value?: unknown }).value;
	return typeof value === 'string' && value && !value.startsWith('=') ? value : undefined;
}

/** The model chosen in the form, from the listing `list` reads (undefined: none, or an expression). */
async function chosenModel<M extends { id: string }>(
	ctx: ILoadOptionsFunctions,
	list: (ctx: ILoadOptionsFunctions) => Promise<M[]>,
): Promise<M | undefined> {
	const id = chosenModelId(ctx);
	return id ? (await list(ctx)).find((m) => m.id === id) : undefined;
}

const MARKED = 'The one marked (default) below';

/**
 * The first choice of every model-dependent dropdown: the field's own empty value, which leaves
 * the choice to the service. `meaning` says what the service then picks, once a model is chosen.
 */
function withModelDefault(
	options: INodePropertyOptions[],
	meaning?: string,
): INodePropertyOptions[] {
	return [
		{
			name: "Model's Default",
			value: '',
			description: meaning ?? 'Choose a model to list its values',
		},
		...options,
	];
}

/**
 * A chosen model's values for a dropdown, the one the service picks when none is given marked
 * "(default)"; undefined `options` (no model chosen): "Model's Default" alone.
 */
function modelChoices(
	options: INodePropertyOptions[] | undefined,
	defaultValue: unknown,
): INodePropertyOptions[] {
	if (!options) return withModelDefault([]);
	const marked = options.map((o) =>
		o.value === defaultValue ? { ...o, name: `${o.name} (default)` } : o,
	);
	return withModelDefault(marked, MARKED);
}

/** A model's aspect ratios; the service picks `preferred` when the model offers it. */
function aspectRatios(
	model: { aspect_ratios: string[] } | undefined,
	preferred: string,
): INodePropertyOptions[] {
	if (!model) return withModelDefault([]);
	return withModelDefault(
		model.aspect_ratios.map((a) => ({ name: a, value: a })),
		`The service picks ${preferred} when the model offers it`,
	);
}

export async function getImageModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await imageModels(this)).map(imageModelOption);
}

export async function getVideoModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await videoModelsForMode(this)).map(videoModelOption);
}

export async function getImageResolutions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenModel(this, imageModels);
	const options = model?.resolutions.map((r) => ({
		name: r,
		value: r,
		description:
			model.credits_by_resolution[r] !== undefined
				? creditsPer(model.credits_by_resolution[r], 'image')
				: undefined,
	}));
	return modelChoices(options, model?.default_resolution);
}

export async function getImageAspectRatios(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return aspectRatios(await chosenModel(this, imageModels), '1:1');
}

export async function getVideoResolutions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenModel(this, videoModels);
	const options = model?.resolutions.map((r) => ({
		name:
			r.label && r.label !== r.resolution ? `${r.resolution} (renders ${r.label})` : r.resolution,
		value: r.resolution,
		description: creditsPer(r.credits_per_second, 'second'),
	}));
	return modelChoices(options, model?.default_resolution);
}

export async function getVideoAspectRatios(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return aspectRatios(await chosenModel(this, videoModels), '16:9');
}

export async function getVideoDurations(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const model = await chosenModel(this, videoModels);
	const options = model?.durations.map((d) => ({ name: `${d} s`, value: d }));
	return modelChoices(options, model?.default_duration);
}
