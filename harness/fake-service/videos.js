'use strict';
/** POST /video, GET /video/{job_id}, GET /video/models (spec 4.5-4.7). */
const { videoModels, planRestricted, pixelSize, maxReferenceClipMs } = require('./catalogue');
const { outcomeFromPrompt, offers } = require('./images');
const e = require('./errors');

const RESOLUTIONS = ['480p', '720p', '1080p', '2k', '4k'];
const ASPECTS = ['16:9', '9:16', '1:1'];

function listModels(svc, account) {
	return { models: videoModels.filter((m) => offers(account, m.id)) };
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

function create(svc, account, body) {
	const p = new e.Problems();
	const prompt = e.requireString(p, body, 'prompt', { min: 1 });
	const modelId = e.requireString(p, body, 'model_id');
	let resolution = e.optionalEnum(p, body, 'resolution', RESOLUTIONS);
	let aspect = e.optionalEnum(p, body, 'aspect_ratio', ASPECTS);
	let duration = e.optionalInt(p, body, 'duration', 1, 30);
	const input = {
		start: e.optionalUuid(p, body, 'start_frame_image_id'),
		end: e.optionalUuid(p, body, 'end_frame_image_id'),
		refImages: e.optionalUuidList(p, body, 'reference_image_ids') ?? [],
		refVideos: e.optionalUuidList(p, body, 'reference_video_ids') ?? [],
		source: e.optionalUuid(p, body, 'source_video_id'),
	};
	const mode = detectMode(p, input);
	p.throwIfAny();

	const model = videoModels.find((m) => m.id === modelId && offers(account, m.id));
	if (!model) throw new e.HttpError(400, `Unsupported model '${modelId}'.`);
	if (!model.modes.includes(mode)) {
		throw new e.HttpError(
			400,
			`Mode '${mode}' is not supported by ${model.id}; supported: ${model.modes.join(', ')}.`,
		);
	}
	resolution ??= model.default_resolution;
	const tier = model.resolutions.find((r) => r.resolution === resolution);
	if (!tier) {
		throw new e.HttpError(
			400,
			`Resolution '${resolution}' is not supported by ${model.id}; supported: ${model.resolutions.map((r) => r.resolution).join(', ')}.`,
		);
	}
	aspect ??= model.aspect_ratios.includes('16:9') ? '16:9' : model.aspect_ratios[0];
	if (!model.aspect_ratios.includes(aspect)) {
		throw new e.HttpError(
			400,
			`Aspect ratio '${aspect}' is not supported by ${model.id}; supported: ${model.aspect_ratios.join(', ')}.`,
		);
	}
	const follows = mode === 'video_to_video' && model.output_duration_follows_source;
	if (follows && duration !== undefined) {
		throw new e.HttpError(
			400,
			`duration must not be sent: ${model.id} makes the output as long as the source clip.`,
		);
	}
	if (!follows) {
		duration ??= model.default_duration;
		if (!model.durations.includes(duration)) {
			throw new e.HttpError(
				400,
				`Duration ${duration} is not supported by ${model.id}; supported: ${model.durations.join(', ')}.`,
			);
		}
	}
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
	let outputMs = duration * 1000;
	if (input.source) {
		const src = checkAsset(svc, account, input.source, 'video', 'source_video_id');
		if (follows) outputMs = src.durationMs;
	}
	if (planRestricted.has(model.id))
		throw new e.HttpError(402, `Model ${model.id} is not available on your plan.`);
	const estimated = Math.round(tier.credits_per_second * (outputMs / 1000) * 100) / 100;
	if (account.credits < estimated) {
		throw new e.HttpError(
			402,
			`Not enough credits: this job needs ${estimated}, the workspace has ${account.credits}.`,
		);
	}
	const size = pixelSize(resolution, aspect, tier.label);
	const job = svc.state.addJob('video', account.user, {
		model: model.id,
		mode,
		prompt,
		estimatedCredits: estimated,
		request: { ...body },
		result: { duration_ms: outputMs, width: size.width, height: size.height },
		outcome: outcomeFromPrompt(prompt),
		error: /\[fail\]/i.test(prompt) ? 'The prompt was flagged by the content filter.' : undefined,
	});
	return { job_id: job.id, estimated_credits: estimated };
}

function get(svc, account, jobId) {
	const job = svc.state.jobs.get(jobId);
	if (!job || job.kind !== 'video' || job.owner !== account.user)
		throw new e.HttpError(404, 'Job not found.');
	const status = svc.state.status(job);
	const out = { job_id: job.id, status, model: job.model };
	if (status === 'succeeded') {
		const r = job.result;
		job.videoId ??= svc.state.addVideo(job.owner, {
			durationMs: r.duration_ms,
			width: r.width,
			height: r.height,
			source: 'job',
		});
		Object.assign(out, { video_id: job.videoId, url: svc.links.create(job, 0, 'mp4'), ...r });
	}
	if (status === 'failed') out.error = job.error ?? 'Generation failed.';
	return out;
}

module.exports = { listModels, create, get, detectMode };
