'use strict';
/** The fake service's 429s with each Retry-After shape, and outages of HTML error pages by duration. */
const { useFakeService, api } = require('../support/fake');
const { SHAPES } = require('../../harness/fake-service/retryAfter');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50 } });
const create = () =>
	api(ref.svc, 'POST', '/image', { body: { prompt: 'x', model_id: 'sketch-lite' } });

describe('fake service: refusals and outages', () => {
	test.each([
		['seconds', (v) => expect(v).toBe('2')],
		['zero', (v) => expect(v).toBe('0')],
		['negative', (v) => expect(v).toBe('-5')],
		['past-date', (v) => expect(Date.parse(v) - Date.now()).toBeLessThan(-3000_000)],
		['future-date', (v) => expect(Date.parse(v) - Date.now()).toBeGreaterThan(0)],
		['hours', (v) => expect(Number(v)).toBe(3 * 3600)],
		['garbage', (v) => expect(Number.isNaN(Number(v)) && Number.isNaN(Date.parse(v))).toBe(true)],
	])('429 with a Retry-After of shape %s', async (shape, check) => {
		ref.svc.faults.add({
			route: 'POST /image',
			kind: 'status',
			status: 429,
			retryAfterShape: shape,
		});
		const r = await create();
		expect(r.status).toBe(429);
		check(r.headers.get('retry-after'));
	});

	test('every shape is listed', () => {
		expect(Object.keys(SHAPES).sort()).toEqual([
			'future-date',
			'garbage',
			'hours',
			'negative',
			'past-date',
			'seconds',
			'zero',
		]);
	});

	test('an HTML page of a load balancer, with the chosen status', async () => {
		for (const status of [502, 503, 504, 520, 521, 522, 523, 524]) {
			ref.svc.faults.add({ route: 'POST /image', kind: 'html', status });
			const r = await create();
			expect(r.status).toBe(status);
			expect(r.headers.get('content-type')).toMatch(/^text\/html/);
			expect(r.text).toMatch(/^<!DOCTYPE html>/);
			expect(r.text).toContain(`Error code ${status}`);
			expect(r.text).toContain('<script>');
		}
		expect([...ref.svc.state.jobs.values()].filter((j) => j.kind === 'image')).toHaveLength(0);
	});

	test('an outage lasts its time from the first request it meets, whatever the number of requests', async () => {
		ref.svc.faults.add({ route: 'GET /image/models', kind: 'html', status: 502, forMs: 400 });
		await new Promise((r) => setTimeout(r, 300)); // the clock starts at the first request, not here
		const statuses = [];
		const started = Date.now();
		while (Date.now() - started < 700) {
			statuses.push((await api(ref.svc, 'GET', '/image/models')).status);
			await new Promise((r) => setTimeout(r, 50));
		}
		expect(statuses.filter((s) => s === 502).length).toBeGreaterThan(3);
		expect(statuses.indexOf(200)).toBeGreaterThan(0);
		expect(statuses.slice(statuses.indexOf(200)).every((s) => s === 200)).toBe(true);
		expect(ref.svc.faults.list).toEqual([]);
	});
});
