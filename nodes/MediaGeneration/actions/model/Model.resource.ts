import type { INodeProperties } from 'n8n-workflow';

import * as listImageModels from './listImageModels.operation';
import * as listVideoModels from './listVideoModels.operation';

export const operations = { listImageModels, listVideoModels };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['model'] } },
		options: [
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
		],
		default: 'listImageModels',
	},
	...listImageModels.description,
	...listVideoModels.description,
];
