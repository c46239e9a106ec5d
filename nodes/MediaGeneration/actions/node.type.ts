import * as image from './image/Image.resource';
import * as model from './model/Model.resource';
import * as podcast from './podcast/Podcast.resource';
import * as upload from './upload/Upload.resource';
import * as video from './video/Video.resource';
import type { Operation } from './operation.types';

/** resource -> operation -> implementation, type-checked against each resource's operations. */
export const resources = {
	podcast: podcast.operations,
	image: image.operations,
	video: video.operations,
	upload: upload.operations,
	model: model.operations,
} satisfies Record<string, Record<string, Operation>>;

export type ResourceName = keyof typeof resources;

export const resourceDescriptions = [
	podcast.description,
	image.description,
	video.description,
	upload.description,
	model.description,
];
