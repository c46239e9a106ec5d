'use strict';
/**
 * Hostile input for every field of every operation, a sample of the table in
 * test/support/hostile-table.js (the whole table runs in npm run test:faults): each case ends,
 * within seconds, with an error that names the field and no job created, or with a fair value
 * sent as given. Never a TypeError, a crash or a hang.
 */
const { useFakeService } = require('../support/fake');
const { runHostileTable } = require('../support/hostile-table');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 50, videoMs: 50, audioMs: 50 } });

test('every field of every operation with hostile values: a clear error naming the field, or a fair value sent as given', async () => {
	const { cases, problems } = await runHostileTable(ref.svc, {
		randomCount: 1,
		repeatCount: 2,
		firstCount: 7,
	});
	if (problems.length)
		console.log(`${problems.length} problems in ${cases} cases:\n${problems.join('\n')}`);
	expect(cases).toBeGreaterThan(300);
	expect(problems).toEqual([]);
}, 300_000);
