'use strict';
/** POST /image, GET /image/{job_id}, GET /image/models (spec 4.1-4.3). */
const { imageModels, planRestricted, pixelSize } = require('./catalogue');
const e = require('./errors');

const RESOLUTIONS = ['480p', '720p', '1080p', '2k', '4k'];
const ASPECTS = ['16:9', '9:16', '1:1'];

function listModels(svc, account) {
	return { models: imageModels.filter((m) => offers(account, m.id)) };
}

/** Whether a key's catalogue has a model: every model unless the account lists its own. */
function offers(account, modelId) {
	return !account?.models || account.models.includes(modelId);
}

function create(svc, account, body) {
	const p = new e.Problems();
	const prompt = e.requireString(p, body, 'prompt', { min: 1 });
	const modelId = e.requireString(p, body, 'model_id');
	let resolution = e.optionalEnum(p, body, 'resolution', RESOLUTIONS);
	let aspect = e.optionalEnum(p, body, 'aspect_ratio', ASPECTS);
	const count = e.optionalInt(p, body, 'number_of_images', 1, 4) ?? 1;
	const refs = e.optionalUuidList(p, body, 'reference_image_ids') ?? [];
	p.throwIfAny();

	const model = imageModels.find((m) => m.id === modelId && offers(account, m.id));
	if (!model) throw new e.HttpError(400, `Unsupported model '${modelId}'.`);
	resolution ??= model.default_resolution;
	if (!model.resolutions.includes(resolution)) {
		throw new e.HttpError(
			400,
			`Resolution '${resolution}' is not supported by ${model.id}; supported: ${model.resolutions.join(', ')}.`,
		);
	}
	aspect ??= model.aspect_ratios.includes('1:1') ? '1:1' : model.aspect_ratios[0];
	if (!model.aspect_ratios.includes(aspect)) {
		throw new e.HttpError(
			400,
			`Aspect ratio '${aspect}' is not supported by ${model.id}; supported: ${model.aspect_ratios.join(', ')}.`,
		);
	}
	if (refs.length && !model.supports_reference_images) {
		throw new e.HttpError(400, `Model ${model.id} does not accept reference images.`);
	}
	if (refs.length > model.max_reference_images) {
		throw new e.HttpError(
			400,
			`Model ${model.id} accepts at most ${model.max_reference_images} reference images.`,
		);
	}
	const highest = e.highestReference(prompt, 'Image');
	if (highest > refs.length) {
		throw new e.HttpError(
			400,
			`The prompt refers to @Image ${highest} but the request carries ${refs.length} reference images.`,
		);
	}
	for (const id of refs) {
		const img = svc.state.images.get(id);
		if (!img || img.owner !== account.user)
			throw new e.HttpError(404, `Reference image ${id} not found.`);
	}
	if (planRestricted.has(model.id))
		throw new e.HttpError(402, `Model ${model.id} is not available on your plan.`);
	const estimated = model.credits_by_resolution[resolution] * count;
	if (account.credits < estimated) {
		throw new e.HttpError(
			402,
			`Not enough credits: this job needs ${estimated}, the workspace has ${account.credits}.`,
		);
	}
	const size = pixelSize(resolution, aspect);
	const job = svc.state.addJob('image', account.user, {
		model: model.id,
		prompt,
		estimatedCredits: estimated,
		request: { ...body },
		results: Array.from({ length: count }, () => ({ ...size })),
		outcome: outcomeFromPrompt(prompt),
		error: /\[fail\]/i.test(prompt) ? 'The prompt was flagged by the content filter.' : undefined,
	});
	return { job_id: job.id, estimated_credits: estimated };
}

function get(svc, account, jobId) {
	const job = svc.state.jobs.get(jobId);
	if (!job || job.kind !== 'image' || job.owner !== account.user)
		throw new e.HttpError(404, 'Job not found.');
	const status = svc.state.status(job);
	const out = { job_id: job.id, status };
	if (status === 'succeeded') {
		out.images = job.results.map((r, i) => {
			r.image_id ??= svc.state.addImage(job.owner, {
				width: r.width,
				height: r.height,
				source: 'job',
			});
			return {
				image_id: r.image_id,
				url: svc.links.create(job, i, 'png'),
				width: r.width,
				height: r.height,
			};
		});
	}
	if (status === 'failed') out.error = job.error ?? 'Generation failed.';
	return out;
}

function outcomeFromPrompt(text) {
	if (/\[never\]/i.test(text)) return 'never';
	if (/\[fail\]/i.test(text)) return 'failed';
	return 'succeeded';
}

module.exports = { listModels, create, get, outcomeFromPrompt, offers };
