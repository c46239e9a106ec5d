'use strict';
/**
 * A stream of 429s, with every shape of Retry-After a deployment sends: the node keeps to a few
 * requests a second per kind of request (audio creates, image creates, job reads), however short,
 * stale or unreadable the wait the service asks for.
 */
const { startFakeService } = require('../fake-service/server');
const { SHAPES } = require('../fake-service/retryAfter');
const { runWorkflow, mediaNode } = require('../support/run-workflow');

const WINDOW_MS = 4500;
/** after the first round, which goes out together before any refusal is known: this many a second at most */
const MAX_PER_SECOND = 3;
/** requests of the first round arrive within this much of each other (our shortest wait is 375 ms) */
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

/** Runs `path` for three items against a service that refuses it, for WINDOW_MS; its request times. */
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
		const started = Date.now();
		let timer;
		await runWorkflow({
			nodes: [node],
			items,
			credentials: { apiKey: 'test-key-alice', baseUrl: svc.apiUrl },
			onStart: (cancel) => (timer = setTimeout(cancel, WINDOW_MS)),
		});
		clearTimeout(timer);
		return svc.state.requests
			.filter((r) => r.route === path.route && r.time - started <= WINDOW_MS)
			.map((r) => r.time - started);
	} finally {
		await svc.stop();
	}
}

const shapes = ['none', ...Object.keys(SHAPES)];

describe.each(Object.entries(PATHS))('a stream of 429s on %s', (_name, path) => {
	test.concurrent.each(shapes)(
		`Retry-After %s: at most ${MAX_PER_SECOND} a second after the first round, one at a time`,
		async (shape) => {
			const times = await refusedRun(path, shape === 'none' ? undefined : shape);
			expect(times.length).toBeGreaterThanOrEqual(1);
			const firstRound = times.filter((t) => t - times[0] < ROUND_MS);
			const later = times.slice(firstRound.length);
			const windowS = (WINDOW_MS - times[0]) / 1000;
			expect(later.length / windowS).toBeLessThanOrEqual(MAX_PER_SECOND);
			// after the first refusal the kind sends one request at a time, each after a wait
			const gaps = later.map((t, i) => t - (i ? later[i - 1] : firstRound.at(-1)));
			for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(ROUND_MS);
		},
		20_000,
	);
});
