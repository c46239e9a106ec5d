'use strict';
/**
 * What an image or video create may choose: its prompt and model, the models the key's catalogue
 * offers, and their aspect ratios.
 */
const e = require('./errors');

const RESOLUTIONS = ['480p', '720p', '1080p', '2k', '4k'];
const ASPECTS = ['16:9', '9:16', '1:1'];

/**
 * The fields every image and video create has: its prompt and model, and optionally a resolution
 * and an aspect ratio. Problems are recorded in `p`, in the order of the fields.
 */
function readChoices(p, body) {
	return {
		prompt: e.requireString(p, body, 'prompt', { min: 1 }),
		modelId: e.requireString(p, body, 'model_id'),
		resolution: e.optionalEnum(p, body, 'resolution', RESOLUTIONS),
		aspect: e.optionalEnum(p, body, 'aspect_ratio', ASPECTS),
	};
}

/** Whether a key's catalogue has a model: every model unless the account lists its own. */
function offers(account, modelId) {
	return !account?.models || account.models.includes(modelId);
}

/** The models of `models` that the key's catalogue offers, as a listing shows them. */
function offeredModels(models, account) {
	return { models: models.filter((m) => offers(account, m.id)) };
}

/** The model `modelId` of `models`; one the key's catalogue does not offer is a 400. */
function offeredModel(models, account, modelId) {
	const model = models.find((m) => m.id === modelId && offers(account, m.id));
	if (!model) throw new e.HttpError(400, `Unsupported model '${modelId}'.`);
	return model;
}

/**
 * The aspect ratio asked for, or by default `preferred` where the model has it, else its first.
 * One the model does not have is a 400.
 */
function aspectOf(model, aspect, preferred) {
	const chosen =
		aspect ?? (model.aspect_ratios.includes(preferred) ? preferred : model.aspect_ratios[0]);
	if (!model.aspect_ratios.includes(chosen)) {
		throw new e.HttpError(
			400,
			`Aspect ratio '${chosen}' is not supported by ${model.id}; supported: ${model.aspect_ratios.join(', ')}.`,
		);
	}
	return chosen;
}

module.exports = { readChoices, offeredModels, offeredModel, aspectOf };
