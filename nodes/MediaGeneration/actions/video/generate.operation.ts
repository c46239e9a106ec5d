import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { JobRequest } from '../../engine/types';
import { videoModels } from '../../methods/listings';
import { checkCredits, creditsPer } from '../../validation/credits';
import { readChoice, readNumber } from '../../validation/values';
import {
	checkVideoRequest,
	MAX_SOURCE_SECONDS,
	videoEstimate,
	type VideoPlan,
} from '../../validation/videoRequest';
import {
	readReferences,
	readSingleInput,
	REFERENCE_IMAGES,
	REFERENCE_VIDEOS,
	resolveWithUploads,
	type References,
} from '../referenceInputs';
import { readWaitSettings } from '../waitSettings';
import { readModelSettings } from '../descriptions';
import { fields } from './generate.fields';

export const description = fields;

const none: References = { ids: [], files: [], count: 0 };

/** Reads only the chosen mode's inputs; the other modes' fields are never looked at. */
function readInputs(ctx: IExecuteFunctions, i: number, mode: string) {
	const frames = mode === 'image' || mode === 'frames';
	const refs = mode === 'references';
	return {
		start: frames ? readSingleInput(ctx, i, 'startFrame', 'Start Frame') : none,
		end: mode === 'frames' ? readSingleInput(ctx, i, 'endFrame', 'End Frame') : none,
		refImages: refs ? readReferences(ctx, i, REFERENCE_IMAGES) : none,
		refVideos: refs ? readReferences(ctx, i, REFERENCE_VIDEOS) : none,
		source:
			mode === 'video_to_video' ? readSingleInput(ctx, i, 'sourceVideo', 'Source Video') : none,
	};
}

function readDuration(ctx: IExecuteFunctions, i: number): number | undefined {
	const raw = ctx.getNodeParameter('duration', i, '');
	if (raw === '' || raw === null || raw === undefined) return undefined;
	return readNumber(raw, 'Duration', 0);
}

function creditNote(plan: VideoPlan, seconds: number, known: boolean): string {
	const length = plan.followsSource
		? known
			? `the source clip's ${seconds} s`
			: `a source clip of up to ${MAX_SOURCE_SECONDS} s, its length being unknown for an ID`
		: `${seconds} s`;
	return `${creditsPer(plan.creditsPerSecond, 'second')} at ${plan.resolution} × ${length}`;
}

/** POST /video (spec 4.6): checked against the model listing, inputs uploaded, then handed to the engine. */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
	const mode = readChoice(this.getNodeParameter('mode', itemIndex, 'text'), 'Mode');
	const { prompt, modelId, resolution, aspectRatio } = readModelSettings(this, itemIndex);
	const settings = readWaitSettings(this, itemIndex, 'video');
	const inputs = readInputs(this, itemIndex, mode);
	const counts = {
		start: inputs.start.count,
		end: inputs.end.count,
		refImages: inputs.refImages.count,
		refVideos: inputs.refVideos.count,
		source: inputs.source.count,
	};
	const plan = checkVideoRequest(await videoModels(this), {
		prompt,
		mode,
		modelId,
		resolution,
		aspectRatio,
		duration: readDuration(this, itemIndex),
		inputs: counts,
	});
	// With the length known up front (not following a source, or a source to upload), check now.
	if (!plan.followsSource || inputs.source.files.length === 0) {
		const e = videoEstimate(plan);
		checkCredits(e.credits, settings.maxCredits, creditNote(plan, e.seconds, e.known));
	}

	const up = async (refs: References, kind: 'image' | 'video', label: string) =>
		await resolveWithUploads(this, itemIndex, refs, kind, label);
	const start = await up(inputs.start, 'image', 'Start Frame Binary Field');
	const end = await up(inputs.end, 'image', 'End Frame Binary Field');
	const refImages = await up(inputs.refImages, 'image', REFERENCE_IMAGES.binaryLabel);
	const refVideos = await up(inputs.refVideos, 'video', REFERENCE_VIDEOS.binaryLabel);
	const source = await up(inputs.source, 'video', 'Source Video Binary Field');

	const sourceMs = source[0]?.upload?.duration_ms;
	const estimate = videoEstimate(plan, typeof sourceMs === 'number' ? sourceMs : undefined);
	if (plan.followsSource && inputs.source.files.length) {
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

	const json: IDataObject = { model: modelId, mode: plan.mode, resolution: plan.resolution };
	if (plan.duration !== undefined) json.duration = plan.duration;
	if (estimate.known) json.estimated_credits = estimate.credits;
	return { kind: 'video', create: { path: '/video', body }, settings, json };
}
