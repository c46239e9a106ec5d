import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { imageModels } from '../../methods/listings';

export const description: INodeProperties[] = [];

/** GET /image/models: one item per model, with every field of the listing. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return (await imageModels(this)).map((model) => ({ json: { ...model } }));
}
