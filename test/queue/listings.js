'use strict';
/**
 * The node keeps no state between executions: two keys whose catalogues differ, their model
 * listings run at once on the same workers, each get their own.
 */
const { itemsOf } = require('../../harness/n8n-rest');
const { CATALOGUES } = require('./accounts');
const { workersOf } = require('./worker-logs');
const workflows = require('./workflows');

/**
 * Runs rounds of listings of both keys until a worker ran both at once.
 * Writes report.listings.
 */
async function listingsPerKey(session) {
	const { cluster, svc, rest, credentials, report } = session;
	const ids = {
		'test-key-plan-a': await session.deploy(
			workflows.listings(credentials['test-key-plan-a'], 'listings-a'),
		),
		'test-key-plan-b': await session.deploy(
			workflows.listings(credentials['test-key-plan-b'], 'listings-b'),
		),
	};
	// a, b, b, a, …: whether the two workers take the queued executions by turns (each gets every
	// other one) or a few at a time, each gets both keys. With a, b, a, b, … taken by turns, one
	// worker would get every a and the other every b: one CI run on a loaded machine found no
	// worker that had run both at once. Which worker takes which execution is still up to the
	// queue (the webhooks reach the main in any order), so a round in which no worker ran both
	// keys at once is run again, up to ROUNDS rounds, every round's answers checked in full
	const keys = Array.from({ length: 10 }, (_, k) =>
		k % 4 === 1 || k % 4 === 2 ? 'test-key-plan-b' : 'test-key-plan-a',
	);
	const keyOf = (e) => Object.keys(ids).find((key) => ids[key] === e.workflowId);
	const during = (x, y) =>
		Date.parse(x.startedAt) < Date.parse(y.stoppedAt) &&
		Date.parse(y.startedAt) < Date.parse(x.stoppedAt);
	const ROUNDS = 3;
	const seen = new Set();
	let mixed = [];
	let rounds = 0;
	/** per round, the keys each worker ran, in the order its executions started */
	const taken = [];
	while (!mixed.length && rounds < ROUNDS) {
		rounds++;
		// every listing answer takes a while, so the executions of both keys overlap on each worker
		svc.faults.add({ route: 'GET /image/models', kind: 'slow', delayMs: 1500, times: 10 });
		const answers = await Promise.all(
			keys.map(
				async (key) =>
					await rest.webhook(key === 'test-key-plan-a' ? 'listings-a' : 'listings-b', {
						items: [{ prompt: 'list' }],
					}),
			),
		);
		answers.forEach((answer, k) => {
			expect(answer.status).toBe(200);
			expect(answer.json.map((m) => m.id)).toEqual(CATALOGUES[keys[k]].video);
		});

		const all = await session.finished(Object.values(ids), 10 * rounds);
		const executions = all.filter((e) => !seen.has(String(e.id)));
		executions.forEach((e) => seen.add(String(e.id)));
		expect(executions.map((e) => e.status)).toEqual(Array(10).fill('success'));
		for (const e of executions) {
			const run = await rest.execution(e.id);
			expect(itemsOf(run, 'Image Models').map((i) => i.json.id)).toEqual(
				CATALOGUES[keyOf(e)].image,
			);
			expect(itemsOf(run, 'Video Models').map((i) => i.json.id)).toEqual(
				CATALOGUES[keyOf(e)].video,
			);
		}
		// a worker ran an execution of each key at the same time
		const ranOn = workersOf(
			cluster.everyWorker,
			executions.map((e) => e.id),
		);
		const byStart = [...executions].sort(
			(x, y) => Date.parse(x.startedAt) - Date.parse(y.startedAt),
		);
		/** each worker's executions of this round, in the order they started */
		const ranBy = new Map(
			cluster.everyWorker.map((w) => [
				w.name,
				byStart.filter((e) => ranOn.get(String(e.id)).includes(w.name)),
			]),
		);
		taken.push(
			Object.fromEntries(
				[...ranBy].map(([w, mine]) => [w, mine.map((e) => keyOf(e).slice(-1)).join('')]),
			),
		);
		mixed = cluster.everyWorker.filter((w) => {
			const mine = ranBy.get(w.name);
			return mine.some((x) => mine.some((y) => keyOf(x) !== keyOf(y) && during(x, y)));
		});
	}
	if (!mixed.length) console.log('no worker ran both keys at once:', JSON.stringify(taken));
	expect(mixed.length).toBeGreaterThan(0);
	report.listings = {
		executions: 10 * rounds,
		rounds,
		keysTakenPerRound: taken,
		workersThatRanBothKeysAtOnce: mixed.map((w) => w.name),
	};
}

module.exports = { listingsPerKey };
