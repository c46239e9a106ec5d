'use strict';
/** What the reference-URL tests share: a fake service with its file host, and what it was sent. */
const { createHash } = require('node:crypto');
const { useFakeService } = require('./fake');
const { runner, count } = require('./media');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const V3 = { extra: { typeVersion: 3 } };
const model = (value) => ({ __rl: true, mode: 'list', value });

/** Starts the fake for this test file; returns it with runners and readers of its state. */
function useReferenceUrls() {
	const ref = useFakeService({ timing: { queueMs: 20, imageMs: 150, videoMs: 250 } });
	return {
		ref,
		image: runner(ref, 'image'),
		video: runner(ref, 'video'),
		url: (name) => ref.svc.hostedUrl(name),
		hostedSha: (name) => sha256(ref.svc.hosted.get(name).body),
		lastBody: (route) => ref.svc.state.requests.filter((r) => r.route === route).at(-1)?.body,
		fetchesOf: (name) => ref.svc.hosted.requests.filter((r) => r.name === name),
		/** what the API saw, to show that nothing was uploaded or created */
		sent: () => ({
			uploads: count(ref.svc, 'POST /image/upload') + count(ref.svc, 'POST /video/upload'),
			creates: count(ref.svc, 'POST /image') + count(ref.svc, 'POST /video'),
		}),
	};
}

module.exports = { V3, model, useReferenceUrls };
