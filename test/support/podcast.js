'use strict';
/** What Podcast tests share: a fake service, the runner, and a job's record in the fake. */
const { useFakeService } = require('./fake');
const { runner } = require('./media');

/** Starts the fake for this test file; returns it with the helpers that read its state. */
function usePodcast() {
	const ref = useFakeService();
	return {
		ref,
		run: runner(ref, 'podcast'),
		jobOf: (item) => ref.svc.state.jobs.get(item.json.job_id),
		// audio creates of every intent, whose routes all start with POST /podcast
		creates: () =>
			ref.svc.state.requests.filter((r) => r.route?.startsWith('POST /podcast')).length,
	};
}

/** A Generate from Script segments field from [voiceId, text] pairs. */
const segments = (...pairs) => ({ segment: pairs.map(([voiceId, text]) => ({ voiceId, text })) });

module.exports = { usePodcast, segments };
