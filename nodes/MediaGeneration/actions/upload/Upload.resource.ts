import type { INodeProperties } from 'n8n-workflow';

import * as uploadImage from './uploadImage.operation';
import * as uploadVideo from './uploadVideo.operation';

export const operations = { uploadImage, uploadVideo };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['upload'] } },
		options: [
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
		],
		default: 'uploadImage',
	},
	...uploadImage.description,
	...uploadVideo.description,
];
