import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['video'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a video job',
				description: "Read a video job's status and, once it succeeded, the video with a fresh link",
			},
		],
		default: 'get',
	},
	...get.description,
];
