import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { creditsPer } from '../validation/credits';
import { imageModels } from './listings';
import { imageModelOption, videoModelOption, videoModelsForMode } from './modelOptions';

/**
 * The lists of the model pickers (resource locators, version 3). n8n's list shows an item's name
 * only, so the name carries the model's prices; the search looks at the id, the title and the
 * description, case aside. The listing is read once per call, as the dropdowns read it.
 */

/** "4 to 10 credits per image", "30 credits per image" */
function priceRange(prices: number[], unit: string): string | undefined {
	if (!prices.length) return undefined;
	const low = Math.min(...prices);
	const high = Math.max(...prices);
	return low === high ? creditsPer(high, unit) : `${low} to ${creditsPer(high, unit)}`;
}

function item(option: INodePropertyOptions, prices: number[], unit: string): INodeListSearchItems {
	const range = priceRange(prices, unit);
	return { ...option, name: range ? `${option.name} (${range})` : option.name };
}

/** Models whose id, title or description holds the filter. */
function matching<M extends { id: string; title: string; description: string }>(
	models: M[],
	filter?: string,
): M[] {
	const wanted = filter?.trim().toLowerCase();
	if (!wanted) return models;
	return models.filter((m) =>
		[m.id, m.title, m.description].some((text) => (text ?? '').toLowerCase().includes(wanted)),
	);
}

export async function searchImageModels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return {
		results: matching(await imageModels(this), filter).map((m) =>
			item(
				imageModelOption(m),
				m.resolutions.map((r) => m.credits_by_resolution[r]).filter((c) => c !== undefined),
				'image',
			),
		),
	};
}

export async function searchVideoModels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return {
		results: matching(await videoModelsForMode(this), filter).map((m) =>
			item(
				videoModelOption(m),
				m.resolutions.map((r) => r.credits_per_second),
				'second',
			),
		),
	};
}
