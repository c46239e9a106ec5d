import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkJobsOperation } from '../jobs/check.operation';
import { downloadJobOperation } from '../jobs/download.operation';
import { getJobOperation } from '../jobs/get.operation';
import type { Operation } from '../operation.types';
import { resourceFields } from '../resourceFields';
import * as generate from './generate.operation';

/** Video > …: every operation of the resource. */
export const operations = {
	check: checkJobsOperation('video'),
	download: downloadJobOperation('video'),
	generate,
	get: getJobOperation('video'),
} satisfies Record<string, Operation>;

/** The Operation selector's choices, alphabetical as n8n lists them. */
const choices: INodePropertyOptions[] = [
	{
		name: 'Check',
		value: 'check',
		action: 'Check a video job and output its video once finished',
		description:
			'Poll video jobs once: finished ones leave by Done with their video, running ones by Running (loop them through a Wait node)',
	},
	{
		name: 'Download',
		value: 'download',
		action: 'Download the video of a video job',
		description: 'Fetch a fresh link for a finished video job and output the MP4 as binary data',
	},
	{
		name: 'Generate',
		value: 'generate',
		action: 'Generate a video',
		description:
			'Create a video from a prompt: from text, a start frame, start and end frames, reference images or clips, or a source video',
	},
	{
		name: 'Get',
		value: 'get',
		action: 'Get a video job',
		description: "Read a video job's status and, once it succeeded, the video with a fresh link",
	},
];

export const description: INodeProperties[] = resourceFields(
	'video',
	{ choices, first: 'generate' },
	operations,
);
