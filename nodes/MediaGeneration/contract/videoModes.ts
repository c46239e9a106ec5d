/** Spec 2.1: the video modes. */
export const VIDEO_MODES = ['text', 'image', 'frames', 'references', 'video_to_video'] as const;

export type VideoMode = (typeof VIDEO_MODES)[number];

/** The video modes as the form names them, alphabetical as n8n lists options. */
export const VIDEO_MODE_OPTIONS: Array<{ name: string; value: VideoMode; description: string }> = [
	{ name: 'Frames', value: 'frames', description: 'Move from a start frame to an end frame' },
	{ name: 'Image', value: 'image', description: 'Animate a start frame' },
	{
		name: 'References',
		value: 'references',
		description: 'Guided by reference images and/or clips (subject, style, motion)',
	},
	{ name: 'Text', value: 'text', description: 'From the prompt alone' },
	{
		name: 'Video to Video',
		value: 'video_to_video',
		description: 'Edit or restyle a source video',
	},
];
