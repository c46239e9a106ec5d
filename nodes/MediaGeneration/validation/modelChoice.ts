import { InputError, list } from './inputError';

type Listed = { id: string; aspect_ratios: readonly string[] };

/** The chosen model from a listing, or an error that lists the models there are. */
export function findModel<M extends Listed>(
	models: M[],
	modelId: string,
	listing: 'image' | 'video',
): M {
	const model = models.find((m) => m.id === modelId);
	if (!model) {
		throw new InputError(
			`Model "${modelId}" is not in the ${listing} model listing; available: ${list(models.map((m) => m.id))}`,
		);
	}
	return model;
}

/** A resolution must be one the model offers. */
export function checkResolution(model: Listed, resolution: string, offered: readonly string[]) {
	if (!offered.includes(resolution)) {
		throw new InputError(
			`Resolution "${resolution}" is not offered by ${model.id}; allowed: ${list(offered)}`,
		);
	}
}

/** An aspect ratio, when one is chosen, must be one the model offers. */
export function checkAspectRatio(model: Listed, aspectRatio: string) {
	if (aspectRatio && !model.aspect_ratios.includes(aspectRatio)) {
		throw new InputError(
			`Aspect Ratio "${aspectRatio}" is not offered by ${model.id}; allowed: ${list(model.aspect_ratios)}`,
		);
	}
}
