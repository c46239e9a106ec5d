import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Operation } from '../operation.types';
import { resourceFields } from '../resourceFields';
import { uploadOperation } from './upload.operation';

/** Upload > …: POST /image/upload (spec 4.4) and POST /video/upload (spec 4.8). */
export const operations = {
	uploadImage: uploadOperation('image'),
	uploadVideo: uploadOperation('video'),
} satisfies Record<string, Operation>;

/** The Operation selector's choices, alphabetical as n8n lists them. */
const choices: INodePropertyOptions[] = [
	{
		name: 'Upload Image',
		value: 'uploadImage',
		action: 'Upload an image',
		description:
			'Upload a reference image from a binary field; the image_id it returns feeds reference images and video start or end frames',
	},
	{
		name: 'Upload Video',
		value: 'uploadVideo',
		action: 'Upload a video',
		description:
			'Upload a video clip from a binary field; the video_id it returns feeds reference videos and the source video of video-to-video',
	},
];

export const description: INodeProperties[] = resourceFields(
	'upload',
	{ choices, first: 'uploadImage' },
	operations,
);
