'use strict';
/** The fake service's model listings, voices and music tracks. Capabilities differ on purpose. */

const imageModels = [
	{
		id: 'flux-pro',
		title: 'Flux Pro',
		description: 'Photorealistic images; edits and combines up to four reference images.',
		resolutions: ['720p', '1080p', '2k'],
		default_resolution: '1080p',
		aspect_ratios: ['16:9', '9:16', '1:1'],
		supports_reference_images: true,
		credits_by_resolution: { '720p': 4, '1080p': 6, '2k': 10 },
		max_reference_images: 4,
	},
	{
		id: 'sketch-lite',
		title: 'Sketch Lite',
		description: 'Fast square drafts; no reference images.',
		resolutions: ['480p', '720p'],
		default_resolution: '720p',
		aspect_ratios: ['1:1'],
		supports_reference_images: false,
		credits_by_resolution: { '480p': 1, '720p': 2 },
		max_reference_images: 0,
	},
	{
		id: 'studio-4k',
		title: 'Studio 4K',
		description: 'Large print-ready images; up to two reference images.',
		resolutions: ['1080p', '2k', '4k'],
		default_resolution: '2k',
		aspect_ratios: ['16:9', '1:1'],
		supports_reference_images: true,
		credits_by_resolution: { '1080p': 8, '2k': 12, '4k': 20 },
		max_reference_images: 2,
	},
	{
		id: 'enterprise-ultra',
		title: 'Enterprise Ultra',
		description: 'Available on enterprise plans only.',
		resolutions: ['1080p'],
		default_resolution: '1080p',
		aspect_ratios: ['1:1'],
		supports_reference_images: false,
		credits_by_resolution: { '1080p': 30 },
		max_reference_images: 0,
	},
];

const videoModels = [
	{
		id: 'motion-fast',
		title: 'Motion Fast',
		description: 'Quick clips from text, a start image, or start and end frames.',
		modes: ['text', 'image', 'frames'],
		resolutions: [
			{ resolution: '480p', label: '360p', credits_per_second: 1 },
			{ resolution: '720p', label: '720p', credits_per_second: 2 },
		],
		default_resolution: '720p',
		durations: [5, 10],
		default_duration: 5,
		aspect_ratios: ['16:9', '9:16', '1:1'],
		supports_audio: false,
		max_reference_images: null,
		max_reference_videos: null,
		output_duration_follows_source: false,
	},
	{
		id: 'cinema-pro',
		title: 'Cinema Pro',
		description: 'Cinematic shots with sound; guided by reference images and clips.',
		modes: ['text', 'image', 'frames', 'references'],
		resolutions: [
			{ resolution: '720p', label: '720p', credits_per_second: 2 },
			{ resolution: '1080p', label: '1080p', credits_per_second: 4 },
			{ resolution: '4k', label: '2160p', credits_per_second: 12 },
		],
		default_resolution: '1080p',
		durations: [5, 8, 10, 15],
		default_duration: 8,
		aspect_ratios: ['16:9', '9:16'],
		supports_audio: true,
		max_reference_images: 3,
		max_reference_videos: 2,
		output_duration_follows_source: false,
	},
	{
		id: 'restyle-v2v',
		title: 'Restyle',
		description: 'Restyles an existing clip; the output is as long as the source.',
		modes: ['video_to_video', 'references'],
		resolutions: [
			{ resolution: '480p', label: '480p', credits_per_second: 1.5 },
			{ resolution: '720p', label: '720p', credits_per_second: 3 },
		],
		default_resolution: '720p',
		durations: [5, 10],
		default_duration: 5,
		aspect_ratios: ['16:9', '9:16', '1:1'],
		supports_audio: false,
		max_reference_images: 1,
		max_reference_videos: null,
		output_duration_follows_source: true,
	},
];

/** Models a workspace on the standard plan may not use (402). */
const planRestricted = new Set(['enterprise-ultra']);

/** Longest reference clip a model accepts (the listing does not say; the service enforces it). */
const maxReferenceClipMs = 15000;

const voices = new Set([
	'voice-ava',
	'voice-ben',
	'voice-cleo',
	'voice-dan',
	'voice-eve',
	'cloned-voice-1',
]);
const defaultVoices = ['voice-ava', 'voice-ben'];
const music = new Map([
	['music-calm', 120000],
	['music-upbeat', 60000],
]);

/** Pixel size of an output at a resolution tier and aspect ratio. */
const SHORT_SIDE = {
	'360p': 360,
	'480p': 480,
	'720p': 720,
	'1080p': 1080,
	'2k': 1440,
	'2160p': 2160,
	'4k': 2160,
};
function pixelSize(resolution, aspectRatio, label) {
	const short = SHORT_SIDE[label] ?? SHORT_SIDE[resolution] ?? 720;
	const long = Math.round((short * 16) / 9 / 2) * 2;
	if (aspectRatio === '9:16') return { width: short, height: long };
	if (aspectRatio === '1:1') return { width: short, height: short };
	return { width: long, height: short };
}

module.exports = {
	imageModels,
	videoModels,
	planRestricted,
	maxReferenceClipMs,
	voices,
	defaultVoices,
	music,
	pixelSize,
};
