'use strict';
/** The fake service's fault injection used by the fault suite: per-body faults, key revocation, counts. */
const { useFakeService, api } = require('../support/fake');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50 }, latencyMs: 30 });
const create = (prompt, key) =>
	api(ref.svc, 'POST', '/image', { body: { prompt, model_id: 'sketch-lite' }, key });

describe('fake service: fault injection for the fault suite', () => {
	test('a fault with bodyIncludes applies only to the request whose body holds the text', async () => {
		ref.svc.faults.add({
			route: 'POST /image',
			kind: 'status',
			status: 502,
			bodyIncludes: '#two#',
		});
		expect((await create('item #one#')).status).toBe(200);
		expect((await create('item #two#')).status).toBe(502);
		expect((await create('item #two#')).status).toBe(200);
		const two = ref.svc.state.requests.filter((r) => r.body?.prompt === 'item #two#');
		expect(two.map((r) => r.status)).toEqual([502, 200]);
	});

	test('creates are counted per request body; the same body twice is a duplicate', async () => {
		await create('unique a');
		expect(ref.svc.state.duplicateCreates()).toEqual([]);
		await create('unique a');
		expect(ref.svc.state.duplicateCreates()).toEqual([
			{ key: expect.stringContaining('"prompt":"unique a"'), n: 2 },
		]);
		expect(ref.svc.summary().duplicateCreates).toHaveLength(1);
	});

	test('a key revoked after N creates: 401 for everything after', async () => {
		ref.svc.revokeKeyAfter('test-key-bob', 2);
		expect((await create('bob 1', 'test-key-bob')).status).toBe(200);
		expect((await create('bob 2', 'test-key-bob')).status).toBe(200);
		expect((await create('bob 3', 'test-key-bob')).status).toBe(401);
		expect((await api(ref.svc, 'GET', '/image/models', { key: 'test-key-bob' })).status).toBe(401);
	});

	test('requests in flight at once are counted per class', async () => {
		ref.svc.resetPeaks();
		// each held for a second, so that the three overlap even on a loaded machine
		ref.svc.faults.add({ route: 'POST /image', kind: 'slow', delayMs: 1000, times: 3 });
		await Promise.all([create('p 1'), create('p 2'), create('p 3')]);
		expect(ref.svc.peakInFlight.create).toBe(3);
		expect(ref.svc.inFlight.create).toBe(0);
	});
});
