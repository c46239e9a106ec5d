import type { ImageModel } from '../methods/models.types';
import { InputError, list } from './inputError';
import { checkPromptReferences } from './promptReferences';

export type ImageRequestInput = {
	prompt: string;
	modelId: string;
	/** empty: the model's default */
	resolution: string;
	/** empty: the service's default (1:1 when the model has it) */
	aspectRatio: string;
	numberOfImages: number;
	referenceCount: number;
};

export type ImagePlan = { model: ImageModel; resolution: string; estimatedCredits: number; creditsPerImage: number };

/** Checks an image request against the model listing and the spec (4.2) before anything is sent. */
export function checkImageRequest(models: ImageModel[], r: ImageRequestInput): ImagePlan {
	if (!r.prompt.trim()) throw new InputError('Prompt is empty; describe the image to generate');
	const model = models.find((m) => m.id === r.modelId);
	if (!model) {
		throw new InputError(`Model "${r.modelId}" is not in the image model listing; available: ${list(models.map((m) => m.id))}`);
	}
	const resolution = r.resolution || model.default_resolution;
	if (!model.resolutions.includes(resolution as never)) {
		throw new InputError(`Resolution "${resolution}" is not offered by ${model.id}; allowed: ${list(model.resolutions)}`);
	}
	if (r.aspectRatio && !model.aspect_ratios.includes(r.aspectRatio as never)) {
		throw new InputError(`Aspect Ratio "${r.aspectRatio}" is not offered by ${model.id}; allowed: ${list(model.aspect_ratios)}`);
	}
	if (!Number.isInteger(r.numberOfImages) || r.numberOfImages < 1 || r.numberOfImages > 4) {
		throw new InputError(`Number of Images must be a whole number from 1 to 4, not ${r.numberOfImages}`);
	}
	if (r.referenceCount > 0 && !model.supports_reference_images) {
		const takers = models.filter((m) => m.supports_reference_images).map((m) => m.id);
		throw new InputError(
			`Model ${model.id} does not take reference images; remove them or choose a model that does: ${list(takers)}`,
		);
	}
	if (r.referenceCount > model.max_reference_images) {
		throw new InputError(
			`Reference Images: ${r.referenceCount} given, but ${model.id} takes at most ${model.max_reference_images}`,
		);
	}
	checkPromptReferences(r.prompt, 'Image', r.referenceCount, 'reference images');
	const creditsPerImage = Number(model.credits_by_resolution[resolution] ?? 0);
	return { model, resolution, creditsPerImage, estimatedCredits: creditsPerImage * r.numberOfImages };
}

/** The credit guard: an estimate above the item's Max Credits stops it before any job is created. */
export function checkCredits(estimated: number, maxCredits: number, how: string) {
	if (maxCredits > 0 && estimated > maxCredits) {
		throw new InputError(
			`This item would cost an estimated ${estimated} credits (${how}), above Max Credits (${maxCredits}). Raise Max Credits or choose a cheaper resolution, count or duration.`,
		);
	}
}
