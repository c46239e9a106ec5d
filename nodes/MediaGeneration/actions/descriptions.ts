import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobKind } from '../contract/jobs';
import { JOB_KINDS } from '../engine/jobs/jobKinds';
import { readChoice, readText } from '../validation/values';
import { readParameter } from './itemField';

/** Fields shared by many operations. */

export function jobIdField(kind: JobKind): INodeProperties {
	return {
		displayName: 'Job ID',
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: `The job_id returned by ${JOB_KINDS[kind].createdBy} (with Wait for Completion off, or from an earlier run)`,
	};
}

/** The model dropdown of versions 1 and 2, loaded from a model listing (see modelPicker.ts). */
export function modelField(
	kind: 'image' | 'video',
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Model Name or ID',
		name: 'model',
		type: 'options',
		required: true,
		default: '',
		typeOptions: {
			loadOptionsMethod: kind === 'image' ? 'getImageModels' : 'getVideoModels',
			...(kind === 'video' ? { loadOptionsDependsOn: ['mode'] } : {}),
		},
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>. The list comes live from the service and shows only models that fit.',
		...extra,
	};
}

/** A value that follows the chosen model (resolution, aspect ratio, duration); empty = the model's default. */
export function modelDependentField(
	displayName: string,
	name: string,
	loadOptionsMethod: string,
	description: string,
	type: 'options' = 'options',
): INodeProperties {
	return {
		displayName,
		name,
		type,
		default: '',
		// the editor reloads the list when these change: the dropdown's value (versions 1 and 2),
		// or the resource locator's (version 3), whose object it would not see change
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['model', 'model.value'] },
		description: `${description} Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>. "Model's Default" leaves the choice to the service.`,
	};
}

/** The prompt of a Generate operation. */
export function promptField(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		placeholder,
		description,
	};
}

/** The fields every Generate of images and videos has, read and checked for their form. */
export function readModelSettings(ctx: IExecuteFunctions, itemIndex: number) {
	return {
		prompt: readText(readParameter(ctx, 'prompt', itemIndex, ''), 'Prompt'),
		// a resource locator (version 3) gives its value; the dropdown of versions 1 and 2 its own
		modelId: readChoice(
			readParameter(ctx, 'model', itemIndex, '', { extractValue: true }),
			'Model',
		),
		resolution: readChoice(readParameter(ctx, 'resolution', itemIndex, ''), 'Resolution'),
		aspectRatio: readChoice(readParameter(ctx, 'aspectRatio', itemIndex, ''), 'Aspect Ratio'),
	};
}
