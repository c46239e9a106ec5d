'use strict';
/** The tests' clock stands still while the machine is paused, whatever the wall clock does. */
const { now } = require('../../../harness/clock');
const { ServiceState } = require('../../../harness/fake-service/state');

describe("the tests' clock", () => {
	const wallClock = Date.now;
	afterEach(() => {
		Date.now = wallClock;
	});

	test('reads like Date.now(), and does not follow the wall clock jumping ahead', () => {
		expect(Math.abs(now() - Date.now())).toBeLessThan(1000);
		Date.now = () => wallClock() + 3_600_000;
		expect(Math.abs(now() - wallClock())).toBeLessThan(1000);
	});

	test("the fake service's jobs do not run on while the machine is paused", () => {
		const state = new ServiceState({ timing: { queueMs: 100, imageMs: 60_000 } });
		const job = state.addJob('image', 'alice', {});
		Date.now = () => wallClock() + 3_600_000;
		expect(state.status(job)).toBe('queued');
	});
});
