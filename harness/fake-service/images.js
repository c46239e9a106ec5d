'use strict';
/** POST /image, GET /image/{job_id}, GET /image/models (spec 4.1-4.3). */
const { imageModels, pixelSize } = require('./catalogue');
const e = require('./errors');
const { readChoices, offeredModels, offeredModel, aspectOf } = require('./modelChoice');
const { checkAffordable } = require('./charges');
const { promptOutcome } = require('./outcomes');

function listModels(svc, account) {
	return offeredModels(imageModels, account);
}

function create(svc, account, body) {
	const p = new e.Problems();
	const { prompt, modelId, ...asked } = readChoices(p, body);
	const count = e.optionalInt(p, body, 'number_of_images', 1, 4) ?? 1;
	const refs = e.optionalUuidList(p, body, 'reference_image_ids') ?? [];
	p.throwIfAny();

	const model = offeredModel(imageModels, account, modelId);
	const resolution = asked.resolution ?? model.default_resolution;
	if (!model.resolutions.includes(resolution)) {
		throw new e.HttpError(
			400,
			`Resolution '${resolution}' is not supported by ${model.id}; supported: ${model.resolutions.join(', ')}.`,
		);
	}
	const aspect = aspectOf(model, asked.aspect, '1:1');
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
	const estimated = model.credits_by_resolution[resolution] * count;
	checkAffordable(account, model, estimated);
	const size = pixelSize(resolution, aspect);
	const job = svc.state.addJob('image', account.user, {
		model: model.id,
		prompt,
		estimatedCredits: estimated,
		request: { ...body },
		results: Array.from({ length: count }, () => ({ ...size })),
		...promptOutcome(prompt, 'The prompt was flagged by the content filter.'),
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

module.exports = { listModels, create, get };
