import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['image'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get an image job',
				description: "Read an image job's status and, once it succeeded, its images with fresh links",
			},
		],
		default: 'get',
	},
	...get.description,
];
