import { type VideoMode, VIDEO_MODES } from '../contract/videoModes';
import type { VideoModel } from '../contract/models';
import { UPLOAD_LIMITS } from './fileType';
import { InputError, list } from './inputError';
import { checkAspectRatio, checkResolution, findModel } from './modelChoice';
import { checkPromptReferences } from './promptReferences';

/** How many inputs of each kind the item gives (ids and binary fields together). */
export type VideoInputs = {
	start: number;
	end: number;
	refImages: number;
	refVideos: number;
	source: number;
};

export type VideoRequestInput = {
	prompt: string;
	mode: string;
	modelId: string;
	/** empty: the model's default */
	resolution: string;
	aspectRatio: string;
	/** undefined: the model's default */
	duration?: number;
	inputs: VideoInputs;
};

export type VideoPlan = {
	model: VideoModel;
	mode: VideoMode;
	resolution: string;
	creditsPerSecond: number;
	/** seconds sent as `duration`; undefined when the output follows the source clip */
	duration?: number;
	followsSource: boolean;
};

/** Which inputs each mode takes, for the error that names what is missing (spec 4.6). */
const NEEDS: Record<VideoMode, string> = {
	// Stryker disable next-line StringLiteral: text mode takes any inputs, so this is never shown
	text: 'no image or video inputs',
	image: 'a Start Frame',
	frames: 'a Start Frame and an End Frame',
	references: 'at least one reference image or reference video',
	video_to_video: 'a Source Video',
};

function checkModeInputs(mode: VideoMode, i: VideoInputs) {
	if (i.end && !i.start)
		throw new InputError(
			'End Frame needs a Start Frame: give both, or use image mode for a start frame only',
		);
	const ok = {
		text: true,
		image: i.start === 1,
		frames: i.start === 1 && i.end === 1,
		references: i.refImages + i.refVideos > 0,
		video_to_video: i.source === 1,
	}[mode];
	if (!ok) throw new InputError(`Mode "${mode}" needs ${NEEDS[mode]}`);
}

function checkReferenceLimit(
	model: VideoModel,
	count: number,
	max: number | null | undefined,
	what: string,
) {
	if (count === 0) return;
	if (max === null || max === undefined || max <= 0) {
		throw new InputError(
			`Reference ${what}: ${model.id} takes no reference ${what} (its listing allows none)`,
		);
	}
	if (count > max)
		throw new InputError(`Reference ${what}: ${count} given, but ${model.id} takes at most ${max}`);
}

/** Checks a video request against the model listing and the spec (4.6) before anything is sent. */
export function checkVideoRequest(models: VideoModel[], r: VideoRequestInput): VideoPlan {
	if (!r.prompt.trim()) throw new InputError('Prompt is empty; describe the video to generate');
	if (!VIDEO_MODES.includes(r.mode as VideoMode)) {
		throw new InputError(`Mode "${r.mode}" is not a video mode; allowed: ${list(VIDEO_MODES)}`);
	}
	const mode = r.mode as VideoMode;
	const model = findModel(models, r.modelId, 'video');
	if (!model.modes.includes(mode)) {
		const fit = models.filter((m) => m.modes.includes(mode)).map((m) => m.id);
		throw new InputError(
			`Model ${model.id} does not do ${mode} mode (it does: ${list(model.modes)}); models for ${mode}: ${list(fit)}`,
		);
	}
	const resolution = r.resolution || model.default_resolution;
	checkResolution(
		model,
		resolution,
		model.resolutions.map((t) => t.resolution),
	);
	const tier = model.resolutions.find((t) => t.resolution === resolution)!;
	checkAspectRatio(model, r.aspectRatio);
	const followsSource = mode === 'video_to_video' && model.output_duration_follows_source;
	let duration: number | undefined;
	if (!followsSource) {
		duration = r.duration ?? model.default_duration;
		const allowed = model.durations.filter((d) => d >= 1 && d <= 30);
		if (!Number.isInteger(duration) || !allowed.includes(duration)) {
			throw new InputError(
				`Duration ${duration} s is not offered by ${model.id}; allowed (seconds): ${list(allowed)}`,
			);
		}
	}
	checkModeInputs(mode, r.inputs);
	if (mode === 'references') {
		checkReferenceLimit(model, r.inputs.refImages, model.max_reference_images, 'images');
		checkReferenceLimit(model, r.inputs.refVideos, model.max_reference_videos, 'videos');
	}
	const images = r.inputs.start + r.inputs.end + r.inputs.refImages;
	const videos = r.inputs.refVideos + r.inputs.source;
	checkPromptReferences(r.prompt, 'Image', images, 'image inputs');
	checkPromptReferences(r.prompt, 'Video', videos, 'video inputs');
	return {
		model,
		mode,
		resolution,
		creditsPerSecond: tier.credits_per_second,
		duration,
		followsSource,
	};
}

/**
 * The longest a source clip can be (spec 8: video uploads up to 60 s). When the output follows
 * a source given by id, its length is not known before the job; the credit guard then assumes
 * this longest case, which can only refuse too much, never spend too much.
 */
export const MAX_SOURCE_SECONDS = UPLOAD_LIMITS.video.seconds;

/** Credits for a video: per second at the tier, times the duration or the source clip's length. */
export function videoEstimate(
	plan: VideoPlan,
	sourceMs?: number,
): { credits: number; seconds: number; known: boolean } {
	const known = !plan.followsSource || sourceMs !== undefined;
	const seconds = plan.followsSource
		? sourceMs !== undefined
			? sourceMs / 1000
			: MAX_SOURCE_SECONDS
		: plan.duration!;
	return { credits: Math.round(plan.creditsPerSecond * seconds * 100) / 100, seconds, known };
}
