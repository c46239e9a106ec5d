import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['podcast'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a podcast job',
				description: "Read an audio job's state and, once finished, its script and a fresh MP3 link",
			},
		],
		default: 'get',
	},
	...get.description,
];
