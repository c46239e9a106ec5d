import type { ImageModel, VideoModel } from '../../nodes/MediaGeneration/contract/models';
/** Types of catalogue.js for the TypeScript tests: its listings have the shape the node reads. */

export const imageModels: ImageModel[];
export const videoModels: VideoModel[];
export const planRestricted: Set<string>;
export function maxReferenceClipMs(model: VideoModel): number;
export const voices: Array<Record<string, unknown>>;
export const defaultVoices: string[];
export const music: Array<Record<string, unknown>>;
export function pixelSize(resolution: string, aspect: string): { width: number; height: number };
