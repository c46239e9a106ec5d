import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CHECK_OUTPUT_NAMES } from './actions/jobs/check.operation';
import { route } from './actions/router';
import { properties } from './actions/versionDescription';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

export class MediaGeneration implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Generation',
		name: 'mediaGeneration',
		icon: {
			light: 'file:../../icons/mediaGeneration.svg',
			dark: 'file:../../icons/mediaGeneration.dark.svg',
		},
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			"Generate podcasts and other audio, images and videos with Wondercraft's public API; upload reference media; read the model catalogues",
		defaults: { name: 'Media Generation' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Check has two outputs, Done and Running; every other operation one
		outputs: `={{ $parameter.operation === "check" ? ${JSON.stringify(
			CHECK_OUTPUT_NAMES.map((displayName) => ({ type: 'main', displayName })),
		)} : ["main"] }}`,
		credentials: [{ name: 'mediaGenerationApi', required: true }],
		properties,
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Continue On Fail holds for the whole run; the router applies it item by item
		return await route.call(this, this.continueOnFail());
	}
}
