'use strict';
/**
 * Adapts the example workflows to a real account for the demo: the cheapest model, resolution
 * and duration its listings offer, Max Credits set to that price, and the account's own voices.
 */
const { withParameters } = require('../harness/examples');

/** A model for the examples' model picker (node version 3), given by its id. */
const byId = (id) => ({ __rl: true, mode: 'id', value: id });

async function listing(media, kind) {
	const response = await fetch(`${media.baseUrl.replace(/\/+$/, '')}/${kind}/models`, {
		headers: { 'X-API-KEY': media.apiKey },
	});
	if (!response.ok) throw new Error(`GET /${kind}/models answered ${response.status}`);
	return (await response.json()).models ?? [];
}

function cheapestImage(models, { references = false } = {}) {
	const options = models
		.filter((m) => !references || m.supports_reference_images)
		.flatMap((m) =>
			Object.entries(m.credits_by_resolution ?? {}).map(([resolution, credits]) => ({
				model: m,
				resolution,
				credits,
			})),
		);
	options.sort((a, b) => a.credits - b.credits);
	if (!options.length)
		throw new Error(`No image model in the listing${references ? ' takes reference images' : ''}`);
	const { model, resolution, credits } = options[0];
	const aspectRatio = model.aspect_ratios.includes('16:9') ? '16:9' : model.aspect_ratios[0];
	return {
		model: byId(model.id),
		resolution,
		aspectRatio,
		options: { maxCredits: credits },
	};
}

function cheapestVideo(models, mode, preferredRatio) {
	const options = models
		.filter((m) => m.modes.includes(mode))
		.flatMap((m) =>
			m.resolutions.map((r) => ({
				model: m,
				resolution: r.resolution,
				seconds: Math.min(...m.durations),
				perSecond: r.credits_per_second,
			})),
		);
	options.sort((a, b) => a.perSecond * a.seconds - b.perSecond * b.seconds);
	if (!options.length) throw new Error(`No video model in the listing does ${mode} mode`);
	const { model, resolution, seconds, perSecond } = options[0];
	const aspectRatio = model.aspect_ratios.includes(preferredRatio)
		? preferredRatio
		: model.aspect_ratios[0];
	return {
		model: byId(model.id),
		resolution,
		aspectRatio,
		duration: seconds,
		options: { maxCredits: Math.ceil(perSecond * seconds) },
	};
}

const merge = (choice) => (p) => ({
	...p,
	...choice,
	options: { ...p.options, ...choice.options },
});

async function forAccount(examples, media) {
	const [images, videos] = await Promise.all([listing(media, 'image'), listing(media, 'video')]);
	const out = {};
	// the end frame is made with the start frame as its reference: both need a model that takes one
	const frameImage = merge(cheapestImage(images, { references: true }));
	let w = examples['image-to-video-start-end-frames'];
	w = withParameters(w, 'Start Frame', frameImage);
	w = withParameters(w, 'End Frame', frameImage);
	out['image-to-video-start-end-frames'] = withParameters(
		w,
		'Dawn to Night Video',
		merge(cheapestVideo(videos, 'frames', '16:9')),
	);
	out['batch-prompts-to-videos'] = withParameters(
		examples['batch-prompts-to-videos'],
		'Generate Videos',
		merge(cheapestVideo(videos, 'text', '9:16')),
	);
	// a prompt with a stated length: the service's default voice, about 20 credits
	out['first-podcast'] = examples['first-podcast'];
	const voices = [process.env.MEDIA_GENERATION_VOICE_1, process.env.MEDIA_GENERATION_VOICE_2];
	if (voices[0] && voices[1]) {
		out['podcast-from-ai-script'] = withParameters(
			examples['podcast-from-ai-script'],
			'Episode',
			(p) => {
				const copy = structuredClone(p);
				for (const a of copy.assignments.assignments) {
					if (a.name === 'host_voice') a.value = voices[0];
					if (a.name === 'guest_voice') a.value = voices[1];
				}
				return copy;
			},
		);
	} else {
		console.log(
			'Skipping the podcast example: set MEDIA_GENERATION_VOICE_1 and MEDIA_GENERATION_VOICE_2 to two voice IDs of your account.',
		);
	}
	out['ai-agent-media-tool'] = withParameters(
		examples['ai-agent-media-tool'],
		'Generate Image',
		merge(cheapestImage(images)),
	);
	out['ai-agent-video-tools-mcp'] = withParameters(
		examples['ai-agent-video-tools-mcp'],
		'Generate Video',
		merge(cheapestVideo(videos, 'text', '16:9')),
	);
	out['chat-video-with-progress'] = withParameters(
		examples['chat-video-with-progress'],
		'Generate Video',
		merge(cheapestVideo(videos, 'text', '16:9')),
	);
	return out;
}

module.exports = { forAccount, cheapestImage, cheapestVideo };
