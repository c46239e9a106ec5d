'use strict';
/**
 * Check, the durable way to wait (README, "Jobs longer than a few minutes"): each item's job is
 * polled once; a finished job leaves by Done with its files, a running one by Running. Runs
 * Generate (Wait for Completion off) and Check through n8n's engine against the fake service.
 */
const { readBinary } = require('../support/binary-data');
const { useCheckJobs } = require('../support/check-jobs');
const { sniffImage } = require('../../harness/fake-service/media/sniff');

const { ref, generateThenCheck, check, imageJob } = useCheckJobs();

describe('Image > Check', () => {
	test('a finished job leaves by Done with its image, a running one by Running; each keeps its own item', async () => {
		const { done, running, error } = await generateThenCheck(['a cat', 'a slow dog', 'a hen']);
		expect(error).toBeUndefined();
		expect(done.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
		const [cat] = done;
		expect(cat.json).toMatchObject({
			job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			status: 'succeeded',
			model: 'flux-pro',
			created_at: expect.any(String),
		});
		expect(ref.svc.state.jobs.get(cat.json.job_id).request.prompt).toBe('a cat');
		expect(sniffImage(await readBinary(cat.binary.data))).toMatchObject({ type: 'png' });
		const [dog] = running;
		expect(ref.svc.state.jobs.get(dog.json.job_id).request.prompt).toBe('a slow dog');
		expect(dog.json).toMatchObject({ status: 'processing', model: 'flux-pro' });
		expect(Date.now() - Date.parse(dog.json.created_at)).toBeLessThan(60_000);
		expect(Date.parse(dog.json.checked_at)).toBeGreaterThanOrEqual(Date.parse(dog.json.created_at));
		expect(dog.binary).toBeUndefined();
	});

	test('a running item fed back (as through a Wait node) is checked again and keeps its creation time', async () => {
		const { running } = await generateThenCheck(['a slow owl']);
		const again = await check(running.map((i) => ({ json: i.json })));
		expect(again.done).toHaveLength(0);
		expect(again.running).toHaveLength(1);
		expect(again.running[0].json).toMatchObject({
			job_id: running[0].json.job_id,
			created_at: running[0].json.created_at,
			status: 'processing',
		});
		expect(again.running[0].json.first_checked_at).toBeUndefined();
	});

	test('Maximum Wait counts from the job creation: an older job fails naming its job, a newer one runs on', async () => {
		const jobId = await imageJob('a slow lynx');
		const hourAgo = new Date(Date.now() - 3600_000).toISOString();
		const late = await check([{ json: { job_id: jobId, created_at: hourAgo } }], {
			options: { maxWaitMinutes: 30 },
		});
		expect(late.error.message).toContain(jobId);
		expect(late.error.message).toContain('30 min');
		expect(late.error.message).toContain(hourAgo);
		const inTime = await check([{ json: { job_id: jobId, created_at: hourAgo } }], {
			options: { maxWaitMinutes: 90 },
		});
		expect(inTime.running).toHaveLength(1);
	});

	test('without created_at, Maximum Wait counts from the first check, which the item then carries', async () => {
		const jobId = await imageJob('a slow mole');
		const first = await check([{ json: { job_id: jobId } }]);
		const since = first.running[0].json.first_checked_at;
		expect(Date.now() - Date.parse(since)).toBeLessThan(60_000);
		const second = await check([{ json: first.running[0].json }]);
		expect(second.running[0].json.first_checked_at).toBe(since);
	});

	test('with Continue On Fail, a failed job gives an error item on Done for its item only', async () => {
		const { done, running, error } = await generateThenCheck(
			['a fox [fail]', 'a slow bee', 'a yak'],
			{ onError: 'continueRegularOutput' },
		);
		expect(error).toBeUndefined();
		expect(done.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(done[0].json).toMatchObject({ error: expect.any(String), job_id: expect.any(String) });
		expect(done[1].json.status).toBe('succeeded');
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
	});

	test('without Continue On Fail, a failed job fails the node and names the job', async () => {
		const { error } = await generateThenCheck(['a gnu [fail]']);
		const [job] = [...ref.svc.state.jobs.values()].filter(
			(j) => j.request?.prompt === 'a gnu [fail]',
		);
		expect(error.message).toContain(job.id);
	});

	test('an outage while checking sends the item round the loop again, saying what the service answered', async () => {
		const jobId = await imageJob('a slow crow');
		ref.svc.faults.add({ route: 'GET /image/:id', kind: 'status', status: 503, times: Infinity });
		const { done, running, error } = await check([{ json: { job_id: jobId } }]);
		ref.svc.faults.clear();
		expect(error).toBeUndefined();
		expect(done).toHaveLength(0);
		expect(running).toHaveLength(1);
		expect(running[0].json).toMatchObject({
			job_id: jobId,
			last_check_error: expect.stringMatching(/503|unavailable/i),
		});
		// the next round reads it again, and the note is gone
		const again = await check([{ json: running[0].json }]);
		expect(again.running[0].json.last_check_error).toBeUndefined();
	}, 120_000);

	test("an error item from before that names no job goes on to Done as it came, among the others' results", async () => {
		const jobId = await imageJob('a slow seal');
		const before = ref.svc.state.requests.length;
		const upstream = { error: 'Resolution "8k" is not offered by flux-pro', description: 'x' };
		const { done, running, error } = await check([{ json: upstream }, { json: { job_id: jobId } }]);
		expect(error).toBeUndefined();
		expect(done).toEqual([{ json: upstream, pairedItem: { item: 0 } }]);
		expect(running.map((i) => [i.json.job_id, i.pairedItem])).toEqual([[jobId, { item: 1 }]]);
		expect(ref.svc.state.requests.length).toBe(before + 1);
	});

	test('a job id that is not a job id fails before any request', async () => {
		const before = ref.svc.state.requests.length;
		const { error } = await check([{ json: { job_id: 'not-a-job' } }]);
		expect(error.message).toMatch(/Job ID/);
		expect(ref.svc.state.requests.length).toBe(before);
	});
});
