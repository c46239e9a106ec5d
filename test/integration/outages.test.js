'use strict';
/**
 * Outages of the load balancer or CDN in front of the service: 502 (and 503, 504, 520-524) pages
 * in HTML instead of the service's JSON. Polls of a job ride them out for as long as the job's
 * Maximum Wait allows; creates are never sent again; messages quote the page as plain text.
 */
const { useFakeService } = require('../support/fake');
const { imageRunner, FAST, count } = require('../support/image');
const { readBinary } = require('../support/binary-data');
const { sniffImage } = require('../../harness/fake-service/media/sniff');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 14_000 } });
const run = imageRunner(ref);
const host = () => new URL(ref.svc.apiUrl).host;
const reads = () => ref.svc.state.requests.filter((r) => r.route === 'GET /image/:id');
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** what a message may quote of a page: plain text, no markup, scripts, styles or references */
function expectPlain(message) {
	expect(message).not.toMatch(/[<>]|&[a-z#0-9]+;|function|window\.|\{|\}|cf-|DOCTYPE/i);
}

describe('an outage of the load balancer on job reads', () => {
	test('an image item rides out 12 s of 502 pages on its polls and ends with its file', async () => {
		const before = reads().length;
		const started = Date.now();
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'html', status: 502, forMs: 12_000 });
		const { items, error } = await run({
			prompt: 'A lighthouse in a storm',
			model: 'sketch-lite',
			options: FAST,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const { json, binary } = items[0];
		expect(json).toMatchObject({ job_id: expect.any(String), status: 'succeeded' });
		expect(sniffImage(await readBinary(binary.data))).toMatchObject({ type: 'png' });
		const mine = reads().slice(before);
		const refused = mine.filter((r) => r.status === 502);
		expect(refused.length).toBeGreaterThan(2);
		// still polling more than 6 s into the outage (the 5 tries of old gave up sooner), counted from
		// the outage's start: when the first poll falls depends on how fast the run got going
		expect(refused.at(-1).time - started).toBeGreaterThan(6000);
		// backing off: a handful of polls into the outage, not a stream of them
		expect(refused.length).toBeLessThanOrEqual(8);
		expect(Date.now() - started).toBeGreaterThan(14_000);
	}, 60_000);

	test('an outage longer than Maximum Wait: the item fails then, not before, with the page as plain text', async () => {
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'html', status: 502, forMs: 60_000 });
		const started = Date.now();
		const { error } = await run({
			prompt: 'A lighthouse',
			model: 'sketch-lite',
			options: { ...FAST, maxWaitMinutes: 0.1 },
		});
		const took = Date.now() - started;
		expect(took).toBeGreaterThanOrEqual(5900);
		expect(took).toBeLessThan(15_000);
		expect(error.message).toMatch(
			new RegExp(
				`^The service's load balancer at ${escaped(host())} answered 502 Bad Gateway: ${escaped(host())} \\| 502: Bad gateway Bad gateway Error code 502`,
			),
		);
		const quoted = error.message.slice(error.message.indexOf(': ') + 2);
		expect(quoted.length).toBeLessThanOrEqual(200);
		expectPlain(error.message);
		const job = ref.svc.state.jobsOf('image').at(-1);
		expect(error.description).toContain(
			`Image job ${job.id} could not be polled within 6 s (Maximum Wait)`,
		);
		expect(error.description).toContain(`Image > Download with job ID ${job.id}`);
		expect(error.httpCode).toBe('502');
		ref.svc.faults.clear();
	}, 30_000);

	test('with On Timeout "outputRunning" the job is output as still running', async () => {
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'html', status: 503, forMs: 60_000 });
		const { items, error } = await run({
			prompt: 'A lighthouse',
			model: 'sketch-lite',
			options: { ...FAST, maxWaitMinutes: 0.05, onTimeout: 'outputRunning' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			job_id: expect.any(String),
			status: 'queued',
			timed_out: true,
		});
		ref.svc.faults.clear();
	}, 30_000);
});

describe('a page in answer to a create', () => {
	test.each([502, 503, 504, 520, 521, 522, 523, 524])(
		'%i: sent once, final, the job not known, the page as plain text',
		async (status) => {
			const creates = count(ref.svc, 'POST /image');
			ref.svc.faults.add({ route: 'POST /image', kind: 'html', status, retryAfterShape: 'zero' });
			const { error } = await run({ prompt: 'A lighthouse', model: 'sketch-lite', options: FAST });
			expect(count(ref.svc, 'POST /image') - creates).toBe(1);
			expect(error.message).toMatch(
				new RegExp(
					`^The service's load balancer at ${escaped(host())} answered ${status} [A-Z].*: the job may have been created$`,
				),
			);
			expectPlain(error.message);
			expect(error.description).toMatch(/It was not sent again/);
		},
	);
});
