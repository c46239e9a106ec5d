'use strict';
/**
 * The inputs of a video create (spec 4.6): the uploaded images and videos it names, which mode
 * they make, and whether the model, the prompt and their owner allow them.
 */
const { maxReferenceClipMs } = require('./catalogue');
const e = require('./errors');

/** The ids of the inputs in a create's body; a malformed one is recorded in `p`. */
function readInputs(p, body) {
	return {
		start: e.optionalUuid(p, body, 'start_frame_image_id'),
		end: e.optionalUuid(p, body, 'end_frame_image_id'),
		refImages: e.optionalUuidList(p, body, 'reference_image_ids') ?? [],
		refVideos: e.optionalUuidList(p, body, 'reference_video_ids') ?? [],
		source: e.optionalUuid(p, body, 'source_video_id'),
	};
}

/** The mode follows from which inputs are present; inputs of two modes are a 422. */
function detectMode(p, input) {
	const groups = {
		image: input.start && !input.end,
		frames: input.end,
		references: input.refImages.length > 0 || input.refVideos.length > 0,
		video_to_video: Boolean(input.source),
	};
	const present = Object.keys(groups).filter((k) => groups[k]);
	if (input.end && !input.start) {
		p.add(
			['end_frame_image_id'],
			'end_frame_image_id requires start_frame_image_id',
			'value_error',
		);
	}
	if (present.length > 1) {
		p.add(
			[],
			`Inputs of more than one mode were sent (${present.join(', ')}); send the inputs of one mode only`,
			'value_error',
		);
	}
	return present[0] ?? 'text';
}

/** The caller's image or video `id`; another's is not found, and one of the other kind is a 400. */
function checkAsset(svc, account, id, want, field) {
	const image = svc.state.images.get(id);
	const video = svc.state.videos.get(id);
	const found = want === 'image' ? image : video;
	if (!found) {
		const other = want === 'image' ? video : image;
		if (other && other.owner === account.user)
			throw new e.HttpError(
				400,
				`${field}: ${id} is a ${want === 'image' ? 'video' : 'image'}, not a${want === 'image' ? 'n image' : ' video'}.`,
			);
		throw new e.HttpError(404, `${field}: ${want} ${id} not found.`);
	}
	if (found.owner !== account.user)
		throw new e.HttpError(404, `${field}: ${want} ${id} not found.`);
	return found;
}

/**
 * Checks the inputs against the model's reference limits, the prompt's @Image and @Video
 * references, and the assets the caller owns. Returns the source video, if any.
 */
function checkInputs(svc, account, model, mode, input, prompt) {
	if (mode === 'references') {
		const maxImages = model.max_reference_images ?? 0;
		const maxVideos = model.max_reference_videos ?? 0;
		if (input.refImages.length > maxImages) {
			throw new e.HttpError(
				400,
				`Model ${model.id} accepts at most ${maxImages} reference images.`,
			);
		}
		if (input.refVideos.length > maxVideos) {
			throw new e.HttpError(
				400,
				`Model ${model.id} accepts at most ${maxVideos} reference videos.`,
			);
		}
	}
	const imageInputs = [input.start, input.end, ...input.refImages].filter(Boolean);
	const videoInputs = [...input.refVideos, input.source].filter(Boolean);
	const hiImage = e.highestReference(prompt, 'Image');
	const hiVideo = e.highestReference(prompt, 'Video');
	if (hiImage > imageInputs.length) {
		throw new e.HttpError(
			400,
			`The prompt refers to @Image ${hiImage} but the request carries ${imageInputs.length} images.`,
		);
	}
	if (hiVideo > videoInputs.length) {
		throw new e.HttpError(
			400,
			`The prompt refers to @Video ${hiVideo} but the request carries ${videoInputs.length} videos.`,
		);
	}
	if (input.start) checkAsset(svc, account, input.start, 'image', 'start_frame_image_id');
	if (input.end) checkAsset(svc, account, input.end, 'image', 'end_frame_image_id');
	input.refImages.forEach((id) => checkAsset(svc, account, id, 'image', 'reference_image_ids'));
	for (const id of input.refVideos) {
		const clip = checkAsset(svc, account, id, 'video', 'reference_video_ids');
		if (clip.durationMs > maxReferenceClipMs) {
			throw new e.HttpError(
				400,
				`Reference video ${id} is ${clip.durationMs / 1000} s long; ${model.id} accepts clips up to ${maxReferenceClipMs / 1000} s.`,
			);
		}
	}
	return input.source && checkAsset(svc, account, input.source, 'video', 'source_video_id');
}

module.exports = { readInputs, detectMode, checkInputs };
