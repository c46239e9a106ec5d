'use strict';
/**
 * The kinds of variant several cases share: image jobs on the fake service at its bench settings,
 * with or without a queue. A variant's `setup` sets the fake service up before each of its runs.
 */

/** `n` image items alike but for their prompts. */
function imageItems(n) {
	return Array.from({ length: n }, (_, i) => ({
		prompt: `Bench picture ${i + 1}`,
		model_id: 'flux-pro',
		resolution: '720p',
		number_of_images: 1,
	}));
}

/** Service settings common to every variant unless it says otherwise. */
const base = (svc) => {
	svc.latencyMs = 0;
	svc.state.resultPaddingBytes = 0;
	svc.state.timing = { queueMs: 100, imageMs: 400, videoMs: 600, audioMs: 500 };
	svc.state.capacity = Infinity;
	svc.state.setSpread(0);
};

/** `n` images of `ms` each, the API answering `latencyMs` late. */
const imageJob = (label, key, n, ms, latencyMs = 0) => ({
	key,
	label,
	workflow: 'image',
	items: imageItems(n),
	files: n,
	setup: (svc) => {
		base(svc);
		svc.latencyMs = latencyMs;
		svc.state.timing.imageMs = ms;
	},
	lowerBoundMs: ms,
	lowerBoundWhy: 'the job time',
});

/** images on a service that runs `capacity` of them at once, run times ± `spread` (seeded) */
const queued = (key, label, n, ms, capacity, spread) => ({
	...imageJob(label, key, n, ms),
	setup: (svc) => {
		base(svc);
		svc.state.timing.imageMs = ms;
		svc.state.capacity = capacity;
		svc.state.setSpread(spread, 24);
	},
	lowerBoundMs: undefined,
	serviceBound: true,
	lowerBoundWhy: "the service's own finish",
	lag: true,
});

module.exports = { imageItems, base, imageJob, queued };
