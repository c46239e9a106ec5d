import type { INodeProperties } from 'n8n-workflow';

import { modelField } from './descriptions';

/** The version from which the model is picked with n8n's resource locator. */
export const MODEL_LOCATOR_VERSION = 3;

const PLACEHOLDER = { image: 'e.g. flux-pro', video: 'e.g. cinema-pro' };

/**
 * The model field of a Generate operation, one per node version. Versions 1 and 2 keep the plain
 * dropdown their saved workflows hold a string for; from version 3 the model is n8n's resource
 * locator, as in n8n's own OpenAI and Gemini nodes: From List, searched over the listing's id,
 * title and description (video models only those of the chosen mode), or By ID, typed or from an
 * expression. The fields that follow the model read its value whichever way it was chosen.
 */
export function modelFields(kind: 'image' | 'video'): INodeProperties[] {
	const dropdown = modelField(kind);
	return [
		{
			...dropdown,
			displayOptions: { show: { '@version': [{ _cnd: { lt: MODEL_LOCATOR_VERSION } }] } },
		},
		{
			displayName: 'Model',
			name: 'model',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			displayOptions: { show: { '@version': [{ _cnd: { gte: MODEL_LOCATOR_VERSION } }] } },
			description: `The ${kind} model, from the service's live listing${kind === 'video' ? ' (only the models of the chosen mode)' : ''}, named with its prices; search by name, ID or what it is good at. By ID takes a model ID, typed or from an expression.`,
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: {
						searchListMethod: kind === 'image' ? 'searchImageModels' : 'searchVideoModels',
						searchable: true,
					},
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: PLACEHOLDER[kind],
				},
			],
			...(kind === 'video' ? { typeOptions: { loadOptionsDependsOn: ['mode'] } } : {}),
		},
	];
}
