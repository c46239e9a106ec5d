import type { INodeProperties } from 'n8n-workflow';

import * as check from './check.operation';
import * as download from './download.operation';
import * as generate from './generate.operation';
import * as get from './get.operation';

export const operations = {
	check,
	generate,
	get,
	download,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['image'] } },
		options: [
			{
				name: 'Check',
				value: 'check',
				action: 'Check an image job and output its images once finished',
				description:
					'Look at image jobs once: finished ones leave by Done with their images, running ones by Running (loop them through a Wait node)',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download the images of an image job',
				description:
					'Fetch fresh links for a finished image job and output its images as binary data',
			},
			{
				name: 'Generate',
				value: 'generate',
				action: 'Generate images',
				description:
					'Create images from a prompt, optionally editing or combining reference images, and output them',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an image job',
				description:
					"Read an image job's status and, once it succeeded, its images with fresh links",
			},
		],
		default: 'generate',
	},
	...generate.description,
	...get.description,
	...download.description,
	...check.description,
];
