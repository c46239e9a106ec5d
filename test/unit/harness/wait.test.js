'use strict';
/** The suites' one polling loop: a wait that gives up says what it saw. */
const { until } = require('../../../harness/wait');

describe('until', () => {
	test('returns the first truthy value the probe gives', async () => {
		let n = 0;
		await expect(until(() => (++n === 3 ? 'ready' : undefined), 'three looks')).resolves.toBe(
			'ready',
		);
		expect(n).toBe(3);
	});

	test('a wait that gives up names what it waited for and what the last look saw', async () => {
		let looks = 0;
		const waiting = until(() => void looks++, 'the execution to wait', {
			timeoutMs: 50,
			intervalMs: 10,
			seen: async () => `execution #7 running after ${looks} looks`,
		});
		await expect(waiting).rejects.toThrow(
			/^Timed out after 0\.05 s waiting for the execution to wait; last seen: execution #7 running after \d+ looks$/,
		);
	});

	test('what could not be read is said too, and does not hide the time-out', async () => {
		const waiting = until(() => false, 'the webhook', {
			timeoutMs: 20,
			intervalMs: 5,
			seen: () => {
				throw new Error('GET /rest/executions answered 503');
			},
		});
		await expect(waiting).rejects.toThrow(
			'waiting for the webhook; last seen: (could not be read: GET /rest/executions answered 503)',
		);
	});

	test('the wall clock jumping ahead, as after a paused VM, does not end a wait', async () => {
		const wallClock = Date.now;
		let ahead = 0;
		Date.now = () => wallClock() + ahead;
		try {
			let looks = 0;
			const probe = () => {
				// the machine is frozen for an hour after the first look
				if (++looks === 1) ahead = 3_600_000;
				return looks === 3 && 'ready';
			};
			await expect(until(probe, 'three looks', { timeoutMs: 1000, intervalMs: 10 })).resolves.toBe(
				'ready',
			);
		} finally {
			Date.now = wallClock;
		}
	});
});
