import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { VIDEO_MODE_OPTIONS, VIDEO_MODES } from '../../contract/videoModes';
import { videoModels } from '../../methods/listings';
import { InputError, list } from '../../validation/inputError';
import { readChoice, shown } from '../../validation/values';

export const description: INodeProperties[] = [
	{
		displayName: 'Only Models for Mode',
		name: 'modeFilter',
		type: 'options',
		default: '',
		options: [{ name: 'Any Mode', value: '' }, ...VIDEO_MODE_OPTIONS],
		description: 'List only the models that support this generation mode',
	},
];

/** GET /video/models: one item per model, with every field of the listing. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const mode = readChoice(
		this.getNodeParameter('modeFilter', itemIndex, ''),
		'Only Models for Mode',
	);
	if (mode && !(VIDEO_MODES as readonly string[]).includes(mode)) {
		throw new InputError(
			`Only Models for Mode: "${shown(mode)}" is not a video mode; allowed: ${list(VIDEO_MODES)}`,
		);
	}
	return (await videoModels(this))
		.filter((m) => !mode || m.modes.includes(mode as (typeof VIDEO_MODES)[number]))
		.map((model) => ({ json: { ...model } }));
}
