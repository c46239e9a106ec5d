'use strict';
/**
 * A stream of 429s, with every shape of Retry-After a deployment sends: the node keeps to a few
 * requests a second per kind of request (audio creates, image creates, job reads), however short,
 * stale or unreadable the wait the service asks for.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { SHAPES } = require('../../harness/fake-service/retryAfter');
const { runWorkflow } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { now } = require('../../harness/clock');

const WINDOW_MS = 4500;
/** after the first round, which goes out together before any refusal is known: this many a second at most */
const MAX_PER_SECOND = 3;
/** after the first round, requests of a kind come at least this far apart (our shortest wait is 375 ms) */
const ROUND_MS = 250;

const PATHS = {
	'audio creates (POST /podcast)': {
		route: 'POST /podcast',
		params: { resource: 'podcast', operation: 'generateFromPrompt', prompt: '={{ $json.p }}' },
	},
	'image creates (POST /image)': {
		route: 'POST /image',
		params: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.p }}',
			model: 'sketch-lite',
		},
	},
	'job reads (GET /image/:id)': {
		route: 'GET /image/:id',
		params: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.p }}',
			model: 'sketch-lite',
		},
	},
};

/** Runs `path` for three items against a service that refuses it, for WINDOW_MS; its requests. */
async function refusedRun(path, shape) {
	const svc = await startFakeService({ timing: { queueMs: 10, imageMs: 60_000, audioMs: 60_000 } });
	try {
		svc.faults.add({
			route: path.route,
			kind: 'status',
			status: 429,
			times: Infinity,
			retryAfterShape: shape,
			body: { detail: 'Too many requests' },
		});
		const node = mediaNode(
			'Media',
			{ ...path.params, options: { pollIntervalSeconds: 0.5 } },
			{ onError: 'continueRegularOutput' },
		);
		const items = ['a', 'b', 'c'].map((p) => ({ json: { p } }));
		// the fake service records its requests on this clock
		const started = now();
		let timer;
		await runWorkflow({
			nodes: [node],
			items,
			credentials: { apiKey: 'test-key-alice', baseUrl: svc.apiUrl },
			onStart: (cancel) => (timer = setTimeout(cancel, WINDOW_MS)),
		});
		clearTimeout(timer);
		// each request with what it is for: the item's prompt (creates) or the job read
		return svc.state.requests
			.filter((r) => r.route === path.route && r.time - started <= WINDOW_MS)
			.map((r) => ({ at: r.time - started, what: r.body?.prompt ?? r.path }));
	} finally {
		await svc.stop();
	}
}

const shapes = ['none', ...Object.keys(SHAPES)];

describe.each(Object.entries(PATHS))('a stream of 429s on %s', (_name, path) => {
	test.concurrent.each(shapes)(
		`Retry-After %s: at most ${MAX_PER_SECOND} a second after the first round, one at a time`,
		async (shape) => {
			const sent = await refusedRun(path, shape === 'none' ? undefined : shape);
			expect(sent.length).toBeGreaterThanOrEqual(1);
			const times = sent.map((r) => r.at);
			// the first round: one request for each of its own, up to the first second request for the
			// same thing, which is a try after a refusal; on a loaded machine the first round's
			// requests reach the service up to a few hundred milliseconds apart
			let round = 1;
			while (round < sent.length && !sent.slice(0, round).some((r) => r.what === sent[round].what))
				round++;
			const later = times.slice(round);
			const windowS = (WINDOW_MS - times[0]) / 1000;
			expect(later.length / windowS).toBeLessThanOrEqual(MAX_PER_SECOND);
			// after the first refusal, answered at once, the kind sends one request at a time, each
			// after a wait: the first after the first request, each other after the one before
			const gaps = later.map((t, i) => t - (i ? later[i - 1] : times[0]));
			for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(ROUND_MS);
		},
		20_000,
	);
});
