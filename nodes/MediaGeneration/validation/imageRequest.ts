import type { ImageModel } from '../contract/models';
import { InputError, list } from './inputError';
import { checkAspectRatio, checkResolution, findModel } from './modelChoice';
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

export type ImagePlan = {
	model: ImageModel;
	resolution: string;
	estimatedCredits: number;
	creditsPerImage: number;
};

/** Checks an image request against the model listing and the spec (4.2) before anything is sent. */
export function checkImageRequest(models: ImageModel[], r: ImageRequestInput): ImagePlan {
	if (!r.prompt.trim()) throw new InputError('Prompt is empty; describe the image to generate');
	const model = findModel(models, r.modelId, 'image');
	const resolution = r.resolution || model.default_resolution;
	checkResolution(model, resolution, model.resolutions);
	checkAspectRatio(model, r.aspectRatio);
	if (!Number.isInteger(r.numberOfImages) || r.numberOfImages < 1 || r.numberOfImages > 4) {
		throw new InputError(
			`Number of Images must be a whole number from 1 to 4, not ${r.numberOfImages}`,
		);
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
	return {
		model,
		resolution,
		creditsPerImage,
		estimatedCredits: creditsPerImage * r.numberOfImages,
	};
}
