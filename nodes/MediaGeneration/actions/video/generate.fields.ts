import type { INodeProperties } from 'n8n-workflow';

import { modelDependentField, modelField, promptField, VIDEO_MODE_OPTIONS } from '../descriptions';
import {
	REFERENCE_IMAGES,
	REFERENCE_VIDEOS,
	referenceFields,
	singleInputFields,
} from '../referenceInputs';
import { generateOptions, waitForCompletionField } from '../waitOptions';

const show = { resource: ['video'], operation: ['generate'] };
const inMode = (...mode: string[]) => ({ show: { ...show, mode } });

/** The fields of Video > Generate. Each mode shows only its own inputs, so modes cannot be mixed. */
export const fields: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		default: 'text',
		displayOptions: { show },
		options: VIDEO_MODE_OPTIONS,
		description:
			'How the video is made; it decides which inputs are sent. From an expression, each item uses only the inputs of its own mode.',
	},
	{
		...promptField(
			'e.g. The camera slowly pushes in on @Image 1 as the sun rises',
			'What to generate. Refer to inputs by type and position: @Image 1 is the start frame (frames: @Image 2 the end frame) or the first reference image; @Video 1 the first reference video or the source video.',
		),
		displayOptions: { show },
	},
	{ ...modelField('video'), displayOptions: { show } },
	{
		...modelDependentField(
			'Resolution',
			'resolution',
			'getVideoResolutions',
			"The model's resolutions, with the size actually rendered and credits per second.",
		),
		displayOptions: { show },
	},
	{
		...modelDependentField(
			'Aspect Ratio',
			'aspectRatio',
			'getVideoAspectRatios',
			"The model's aspect ratios.",
		),
		displayOptions: { show },
	},
	{
		...modelDependentField(
			'Duration (Seconds)',
			'duration',
			'getVideoDurations',
			"The model's durations (1 to 30 s). In video to video mode, models whose output follows the source ignore it.",
		),
		displayOptions: { show },
	},
	...singleInputFields({
		name: 'startFrame',
		label: 'Start Frame',
		kind: 'image',
		what: 'The image that opens the video',
		displayOptions: inMode('image', 'frames'),
	}),
	...singleInputFields({
		name: 'endFrame',
		label: 'End Frame',
		kind: 'image',
		what: 'The image that ends the video',
		displayOptions: inMode('frames'),
	}),
	...referenceFields({
		...REFERENCE_IMAGES,
		kind: 'image',
		tag: 'Image',
		what: 'Subject or style images',
		displayOptions: inMode('references'),
	}),
	...referenceFields({
		...REFERENCE_VIDEOS,
		kind: 'video',
		tag: 'Video',
		what: 'Motion or style clips',
		displayOptions: inMode('references'),
	}),
	...singleInputFields({
		name: 'sourceVideo',
		label: 'Source Video',
		kind: 'video',
		what: 'The video to edit',
		displayOptions: inMode('video_to_video'),
	}),
	waitForCompletionField(show, 'video as MP4 binary data'),
	generateOptions(show, 'video', true),
];
