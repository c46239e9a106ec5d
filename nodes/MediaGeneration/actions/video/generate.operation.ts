import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { VIDEO_MODE_OPTIONS } from '../../contract/videoModes';
import type { JobRequest } from '../../engine/jobs/types';
import { videoModels } from '../../methods/listings';
import { checkCredits } from '../../validation/credits';
import { readChoice, readNumber } from '../../validation/values';
import { checkVideoRequest, videoEstimate } from '../../validation/videoRequest';
import { readAdditionalBody } from '../bodyFields';
import { modelDependentField, promptField, readModelSettings } from '../descriptions';
import { modelFields } from '../modelPicker';
import {
	REFERENCE_IMAGES,
	REFERENCE_VIDEOS,
	referenceFields,
	singleInputFields,
} from '../referenceInputs';
import { generateOptions, waitForCompletionField } from '../waitOptions';
import { readOptions, readWaitSettings } from '../waitSettings';
import { creditNote, inputCounts, readInputs, toUpload, uploadInputs } from './inputs';
import { readParameter } from '../itemField';

const inMode = (...mode: string[]) => ({ show: { mode } });

/** The body fields this operation sets, each with the form field that sets it. */
const OWN_FIELDS = {
	prompt: 'Prompt',
	model_id: 'Model',
	resolution: 'Resolution',
	aspect_ratio: 'Aspect Ratio',
	duration: 'Duration (Seconds)',
	start_frame_image_id: 'the Start Frame fields',
	end_frame_image_id: 'the End Frame fields',
	reference_image_ids: 'the Reference Image fields',
	reference_video_ids: 'the Reference Video fields',
	source_video_id: 'the Source Video fields',
};

/** The fields of Video > Generate. Each mode shows only its own inputs, so modes cannot be mixed. */
export const description: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		default: 'text',
		options: VIDEO_MODE_OPTIONS,
		description:
			'How the video is made; it decides which inputs are sent. From an expression, each item uses only the inputs of its own mode.',
	},
	promptField(
		'e.g. The camera slowly pushes in on @Image 1 as the sun rises',
		'What to generate. Refer to inputs by type and position: @Image 1 is the start frame (frames: @Image 2 the end frame) or the first reference image; @Video 1 the first reference video or the source video.',
	),
	...modelFields('video'),
	modelDependentField(
		'Resolution',
		'resolution',
		'getVideoResolutions',
		"The model's resolutions, with the size actually rendered and credits per second.",
	),
	modelDependentField(
		'Aspect Ratio',
		'aspectRatio',
		'getVideoAspectRatios',
		"The model's aspect ratios.",
	),
	modelDependentField(
		'Duration (Seconds)',
		'duration',
		'getVideoDurations',
		"The model's durations (1 to 30 s). In video to video mode, models whose output follows the source ignore it.",
	),
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
	waitForCompletionField('video as MP4 binary data'),
	generateOptions('video', true),
];

function readDuration(ctx: IExecuteFunctions, i: number): number | undefined {
	const raw = readParameter(ctx, 'duration', i, '');
	if (raw === '' || raw === null || raw === undefined) return undefined;
	return readNumber(raw, 'Duration', 0);
}

/** The model listing every item is checked against (see the router's runJobs). */
export async function prefetch(this: IExecuteFunctions): Promise<unknown> {
	return await videoModels(this);
}

/** POST /video (spec 4.6): checked against the model listing, inputs uploaded, then handed to the engine. */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
	const mode = readChoice(readParameter(this, 'mode', itemIndex, 'text'), 'Mode');
	const { prompt, modelId, resolution, aspectRatio } = readModelSettings(this, itemIndex);
	const options = readOptions(this, itemIndex);
	const settings = readWaitSettings(this, itemIndex, 'video', options);
	const extra = readAdditionalBody(options, OWN_FIELDS);
	const inputs = readInputs(this, itemIndex, mode);
	const plan = checkVideoRequest(await videoModels(this), {
		prompt,
		mode,
		modelId,
		resolution,
		aspectRatio,
		duration: readDuration(this, itemIndex),
		inputs: inputCounts(inputs),
	});
	// With the length known up front (not following a source, or a source to upload), check now.
	if (!plan.followsSource || toUpload(inputs.source) === 0) {
		const e = videoEstimate(plan);
		checkCredits(e.credits, settings.maxCredits, creditNote(plan, e.seconds, e.known));
	}

	const { start, end, refImages, refVideos, source } = await uploadInputs(this, itemIndex, inputs);
	const sourceMs = source[0]?.upload?.duration_ms;
	const estimate = videoEstimate(plan, typeof sourceMs === 'number' ? sourceMs : undefined);
	if (plan.followsSource && toUpload(inputs.source)) {
		checkCredits(
			estimate.credits,
			settings.maxCredits,
			creditNote(plan, estimate.seconds, estimate.known),
		);
	}

	const body: IDataObject = { prompt, model_id: modelId };
	if (resolution) body.resolution = resolution;
	if (aspectRatio) body.aspect_ratio = aspectRatio;
	if (plan.duration !== undefined) body.duration = plan.duration;
	if (start.length) body.start_frame_image_id = start[0].id;
	if (end.length) body.end_frame_image_id = end[0].id;
	if (refImages.length) body.reference_image_ids = refImages.map((r) => r.id);
	if (refVideos.length) body.reference_video_ids = refVideos.map((r) => r.id);
	if (source.length) body.source_video_id = source[0].id;
	Object.assign(body, extra);

	const json: IDataObject = { model: modelId, mode: plan.mode, resolution: plan.resolution };
	if (plan.duration !== undefined) json.duration = plan.duration;
	if (estimate.known) json.estimated_credits = estimate.credits;
	const basis = creditNote(plan, estimate.seconds, estimate.known);
	const cost = {
		credits: estimate.credits,
		basis,
		...(estimate.known ? {} : { upperBound: true }),
	};
	return { kind: 'video', create: { path: '/video', body }, settings, json, estimate: cost };
}
