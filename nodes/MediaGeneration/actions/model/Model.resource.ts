import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Operation } from '../operation.types';
import { resourceFields } from '../resourceFields';
import * as listImageModels from './listImageModels.operation';
import * as listVideoModels from './listVideoModels.operation';

/** Model > …: the image and video model listings (spec 4.1, 4.5). */
export const operations = { listImageModels, listVideoModels } satisfies Record<string, Operation>;

/** The Operation selector's choices, alphabetical as n8n lists them. */
const choices: INodePropertyOptions[] = [
	{
		name: 'List Image Models',
		value: 'listImageModels',
		action: 'List image models',
		description:
			'List the image models with their resolutions, aspect ratios, reference image limits and credits per image',
	},
	{
		name: 'List Video Models',
		value: 'listVideoModels',
		action: 'List video models',
		description:
			'List the video models with their modes, resolutions, durations, aspect ratios, reference limits and credits per second',
	},
];

export const description: INodeProperties[] = resourceFields(
	'model',
	{ choices, first: 'listImageModels' },
	operations,
);
