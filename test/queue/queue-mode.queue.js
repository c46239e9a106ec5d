'use strict';
/**
 * The node in n8n's queue mode, for real: the pinned n8n as a main (EXECUTIONS_MODE=queue) and
 * two `n8n worker` processes on PostgreSQL and Redis, our package installed as a community
 * package, binary data in the database (queue mode's default), against the fake service.
 * Run with `npm run test:queue`. The figures it measures are printed at the end and written to
 * queue-report.json.
 *
 * The tests share one cluster and run in order: (c) kills a worker, and (e) measures the one left.
 * Each test's steps live in the module named for what it checks.
 */
const { QueueSession } = require('./session');
const { mediaBatches, podcastBatches } = require('./batches');
const { streamedFromWorker } = require('./streaming');
const { listingsPerKey } = require('./listings');
const { retryFromExecutionsList } = require('./retry');
const { stopFromMain, workerKilledMidWait } = require('./stop-and-crash');
const { peakMemoryOfLargeVideos, overDatabaseCap } = require('./binary-data');

const session = new QueueSession();

beforeAll(async () => await session.start(), 300_000);

afterAll(async () => await session.stop(), 120_000);

describe('n8n queue mode: a main and two workers', () => {
	test('(a) ten media batches at once: all succeed, on both workers, every file read back through n8n equals what the service served', async () => {
		await mediaBatches(session);
	}, 240_000);

	test("Stream Progress: a streaming webhook's lines come from a worker, in order, while the job runs", async () => {
		session.report.streaming = await streamedFromWorker({
			cluster: session.cluster,
			svc: session.svc,
			rest: session.rest,
			credential: session.credentials['test-key-alice'],
			apiKey: 'test-key-alice',
		});
	}, 120_000);

	test('the node keeps no state between executions: two keys whose catalogues differ, run at once on the same workers, each get their own listings', async () => {
		await listingsPerKey(session);
	}, 120_000);

	test('(b) the 5 audio slots are per workspace: podcast batches on both workers at once meet 429s, lose no item and create no job twice', async () => {
		await podcastBatches(session);
	}, 180_000);

	test('Retry On Fail on a worker, then a retry from the Executions list: each good job is created once, the failed one again until it succeeds', async () => {
		await retryFromExecutionsList(session);
	}, 120_000);

	test('(d) stopping an execution from the main ends the waiting on the worker within one poll interval', async () => {
		await stopFromMain(session);
	}, 120_000);

	test("(c) a worker killed mid-wait: no other worker takes the execution over, it ends in error once the lock expires, and every created job id is in the dead worker's log", async () => {
		await workerKilledMidWait(session);
	}, 150_000);

	test('(e) peak memory of a worker storing three 100 MiB result videos in database mode', async () => {
		await peakMemoryOfLargeVideos(session);
	}, 240_000);

	test("binary data beyond database mode's size cap (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE): the item fails at once with n8n's reason and the job id, the file fetched once", async () => {
		await overDatabaseCap(session);
	}, 120_000);
});
