import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkJobsOperation } from '../jobs/check.operation';
import { downloadJobOperation } from '../jobs/download.operation';
import { getJobOperation } from '../jobs/get.operation';
import type { Operation } from '../operation.types';
import { resourceFields } from '../resourceFields';
import * as generate from './generate.operation';

/** Image > …: every operation of the resource. */
export const operations = {
	check: checkJobsOperation('image'),
	download: downloadJobOperation('image'),
	generate,
	get: getJobOperation('image'),
} satisfies Record<string, Operation>;

/** The Operation selector's choices, alphabetical as n8n lists them. */
const choices: INodePropertyOptions[] = [
	{
		name: 'Check',
		value: 'check',
		action: 'Check an image job and output its images once finished',
		description:
			'Poll image jobs once: finished ones leave by Done with their images, running ones by Running (loop them through a Wait node)',
	},
	{
		name: 'Download',
		value: 'download',
		action: 'Download the images of an image job',
		description: 'Fetch fresh links for a finished image job and output its images as binary data',
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
		description: "Read an image job's status and, once it succeeded, its images with fresh links",
	},
];

export const description: INodeProperties[] = resourceFields(
	'image',
	{ choices, first: 'generate' },
	operations,
);
