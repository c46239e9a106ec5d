import type { INodeProperties } from 'n8n-workflow';

import { resourceDescriptions } from './node.type';
import { toolDescriptionFields, toolWaitFields } from './tool/toolFields';

const resourceOptions: INodeProperties['options'] = [
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
];

/**
 * The resource selector followed by every resource's operations and fields.
 *
 * A new node opens on Image > Generate (from version 2). Version 1 opened on Model and n8n does
 * not store a parameter equal to its default, so version 1 nodes keep Model as their default:
 * a saved workflow that relied on it still lists models. Version 3 picks models with n8n's
 * resource locator (see modelPicker.ts).
 */
export const properties: INodeProperties[] = [
	...toolDescriptionFields,
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { '@version': [1] } },
		options: resourceOptions,
		default: 'model',
	},
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
		options: resourceOptions,
		default: 'image',
	},
	...resourceDescriptions.flat(),
	...toolWaitFields,
];
