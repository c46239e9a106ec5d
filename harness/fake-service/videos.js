'use strict';
/** POST /video, GET /video/{job_id}, GET /video/models (spec 4.5-4.7). */
const { videoModels, pixelSize } = require('./catalogue');
const e = require('./errors');
const { readChoices, offeredModels, offeredModel, aspectOf } = require('./modelChoice');
const { checkAffordable } = require('./charges');
const { promptOutcome } = require('./outcomes');
const { readInputs, detectMode, checkInputs } = require('./videoInputs');

function listModels(svc, account) {
	return offeredModels(videoModels, account);
}

function create(svc, account, body) {
	const p = new e.Problems();
	const { prompt, modelId, ...asked } = readChoices(p, body);
	let duration = e.optionalInt(p, body, 'duration', 1, 30);
	const input = readInputs(p, body);
	const mode = detectMode(p, input);
	p.throwIfAny();

	const model = offeredModel(videoModels, account, modelId);
	if (!model.modes.includes(mode)) {
		throw new e.HttpError(
			400,
			`Mode '${mode}' is not supported by ${model.id}; supported: ${model.modes.join(', ')}.`,
		);
	}
	const resolution = asked.resolution ?? model.default_resolution;
	const tier = model.resolutions.find((r) => r.resolution === resolution);
	if (!tier) {
		throw new e.HttpError(
			400,
			`Resolution '${resolution}' is not supported by ${model.id}; supported: ${model.resolutions.map((r) => r.resolution).join(', ')}.`,
		);
	}
	const aspect = aspectOf(model, asked.aspect, '16:9');
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
	const source = checkInputs(svc, account, model, mode, input, prompt);
	// a model whose output follows its source makes a clip as long as the source
	const outputMs = follows ? source.durationMs : duration * 1000;
	const estimated = Math.round(tier.credits_per_second * (outputMs / 1000) * 100) / 100;
	checkAffordable(account, model, estimated);
	const size = pixelSize(resolution, aspect, tier.label);
	const job = svc.state.addJob('video', account.user, {
		model: model.id,
		mode,
		prompt,
		estimatedCredits: estimated,
		request: { ...body },
		result: { duration_ms: outputMs, width: size.width, height: size.height },
		...promptOutcome(prompt, 'The prompt was flagged by the content filter.'),
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

module.exports = { listModels, create, get };
