import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { videoModels } from '../../methods/listings';
import { VIDEO_MODE_OPTIONS } from '../descriptions';
import { VIDEO_MODES } from '../../methods/models.types';

export const description: INodeProperties[] = [
	{
		displayName: 'Only Models for Mode',
		name: 'modeFilter',
		type: 'options',
		default: '',
		displayOptions: { show: { resource: ['model'], operation: ['listVideoModels'] } },
		options: [{ name: 'Any Mode', value: '' }, ...VIDEO_MODE_OPTIONS],
		description: 'List only the models that support this generation mode',
	},
];

/** GET /video/models: one item per model, with every field of the listing. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const mode = this.getNodeParameter('modeFilter', itemIndex, '') as string;
	return (await videoModels(this))
		.filter((m) => !mode || m.modes.includes(mode as (typeof VIDEO_MODES)[number]))
		.map((model) => ({ json: { ...model } }));
}
