import type { IExecuteFunctions } from 'n8n-workflow';

import { creditsPer } from '../../validation/credits';
import { MAX_SOURCE_SECONDS, type VideoPlan } from '../../validation/videoRequest';
import {
	readReferences,
	readSingleInput,
	REFERENCE_IMAGES,
	REFERENCE_VIDEOS,
	resolveWithUploads,
	type References,
} from '../referenceInputs';

/** The inputs of Video > Generate's modes: read, counted for the checks, then uploaded. */

const none: References = { ids: [], files: [], count: 0 };

export type VideoInputs = Record<
	'start' | 'end' | 'refImages' | 'refVideos' | 'source',
	References
>;

/** Reads only the chosen mode's inputs; the other modes' fields are never looked at. */
export function readInputs(ctx: IExecuteFunctions, i: number, mode: string): VideoInputs {
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

/** How many files an input gives to upload first (binary fields and links): their length is known only then. */
export function toUpload(refs: References): number {
	return refs.files.length + (refs.urls?.length ?? 0);
}

/** How many of each input an item gives, for the checks against the model listing. */
export function inputCounts(inputs: VideoInputs) {
	return {
		start: inputs.start.count,
		end: inputs.end.count,
		refImages: inputs.refImages.count,
		refVideos: inputs.refVideos.count,
		source: inputs.source.count,
	};
}

/** Uploads the inputs given as binary fields or links, in order; every input as its id (and its upload's answer). */
export async function uploadInputs(ctx: IExecuteFunctions, itemIndex: number, inputs: VideoInputs) {
	const up = async (refs: References, kind: 'image' | 'video', label: string) =>
		await resolveWithUploads(ctx, itemIndex, refs, kind, label);
	return {
		start: await up(inputs.start, 'image', 'Start Frame Binary Field'),
		end: await up(inputs.end, 'image', 'End Frame Binary Field'),
		refImages: await up(inputs.refImages, 'image', REFERENCE_IMAGES.binaryLabel),
		refVideos: await up(inputs.refVideos, 'video', REFERENCE_VIDEOS.binaryLabel),
		source: await up(inputs.source, 'video', 'Source Video Binary Field'),
	};
}

/** How the estimate was made, for the credit guard's message. */
export function creditNote(plan: VideoPlan, seconds: number, known: boolean): string {
	const length = plan.followsSource
		? known
			? `the source clip's ${seconds} s`
			: `a source clip of up to ${MAX_SOURCE_SECONDS} s, its length being unknown for an ID`
		: `${seconds} s`;
	return `${creditsPer(plan.creditsPerSecond, 'second')} at ${plan.resolution} × ${length}`;
}
