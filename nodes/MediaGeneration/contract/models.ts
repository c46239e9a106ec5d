import type { VideoMode } from './videoModes';

/** Spec 2.1: resolution and aspect ratio values. */
export const RESOLUTIONS = ['480p', '720p', '1080p', '2k', '4k'] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Spec 2.8 */
export type ImageModel = {
	id: string;
	title: string;
	description: string;
	resolutions: Resolution[];
	default_resolution: Resolution;
	aspect_ratios: AspectRatio[];
	supports_reference_images: boolean;
	credits_by_resolution: Record<string, number>;
	max_reference_images: number;
};

/** Spec 2.9 */
export type VideoResolutionOption = {
	resolution: Resolution;
	label: string;
	credits_per_second: number;
};

export type VideoModel = {
	id: string;
	title: string;
	description: string;
	modes: VideoMode[];
	resolutions: VideoResolutionOption[];
	default_resolution: Resolution;
	durations: number[];
	default_duration: number;
	aspect_ratios: AspectRatio[];
	supports_audio: boolean;
	max_reference_images?: number | null;
	max_reference_videos?: number | null;
	output_duration_follows_source: boolean;
};
