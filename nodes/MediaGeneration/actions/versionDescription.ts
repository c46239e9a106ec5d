import type { INodeProperties } from 'n8n-workflow';

import { resourceDescriptions } from './node.type';

/** The resource selector followed by every resource's operations and fields. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Image', value: 'image', description: 'Image jobs' },
			{ name: 'Model', value: 'model', description: 'The image and video model catalogues' },
			{
				name: 'Podcast',
				value: 'podcast',
				description: 'Audio jobs: podcasts, ads, meditations, audiobooks',
			},
			{
				name: 'Upload',
				value: 'upload',
				description: 'Reference images and videos for later jobs',
			},
			{ name: 'Video', value: 'video', description: 'Video jobs' },
		],
		default: 'model',
	},
	...resourceDescriptions.flat(),
];
