import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { VIDEO_MODE_OPTIONS } from '../contract/videoModes';
import type { ImageModel, VideoModel } from '../contract/models';
import { videoModels } from './listings';

/** Models as the form offers them, in the dropdowns of versions 1 and 2 and the lists of version 3. */

/** the Mode field's own labels, so a model's description reads the way the form does */
const modeLabel = (mode: string) => VIDEO_MODE_OPTIONS.find((o) => o.value === mode)?.name ?? mode;

export function chosenMode(ctx: ILoadOptionsFunctions): string | undefined {
	try {
		const value = ctx.getCurrentNodeParameter('mode');
		return typeof value === 'string' && value && !value.startsWith('=') ? value : undefined;
	} catch {
		return undefined;
	}
}

export const imageModelOption = (m: ImageModel): INodePropertyOptions => ({
	name: m.title || m.id,
	value: m.id,
	description: m.description,
});

export const videoModelOption = (m: VideoModel): INodePropertyOptions => ({
	name: m.title || m.id,
	value: m.id,
	description: `${m.description} Modes: ${m.modes.map(modeLabel).join(', ')}.${m.supports_audio ? ' With audio.' : ''}`,
});

/** The video models that offer the mode chosen in the form (all of them while none is). */
export async function videoModelsForMode(ctx: ILoadOptionsFunctions): Promise<VideoModel[]> {
	const mode = chosenMode(ctx);
	return (await videoModels(ctx)).filter(
		(m) => !mode || m.modes.includes(mode as VideoModel['modes'][number]),
	);
}
