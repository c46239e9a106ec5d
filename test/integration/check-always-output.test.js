'use strict';
/**
 * Check under n8n's Always Output Data: n8n 2.x adds an empty item to Done when nothing finished
 * (docs/compatibility.md, "Check with Always Output Data").
 */
const { useCheckJobs } = require('../support/check-jobs');

const { generateThenCheck } = useCheckJobs();

describe("Check with n8n's Always Output Data (node setting), as n8n 2.x runs it", () => {
	// n8n up to 2.x adds its empty item to the first output whenever that output is empty, even
	// when the second has items (n8n-core's WorkflowExecute); n8n 3.0 adds it only when every
	// output is empty (its breaking-changes rule always-output-data-multi-output-v3)
	const always = { alwaysOutputData: true };

	test('no job finished: Running has every item, and Done gets one empty item', async () => {
		const { done, running, error } = await generateThenCheck(['a slow cat', 'a slow dog'], always);
		expect(error).toBeUndefined();
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(done).toHaveLength(1);
		expect(done[0].json).toEqual({});
		expect(done[0].binary).toBeUndefined();
	});

	test('some jobs finished: the outputs are as without the setting, with no empty item', async () => {
		const { done, running, error } = await generateThenCheck(['a cat', 'a slow dog'], always);
		expect(error).toBeUndefined();
		expect(done.map((i) => [i.pairedItem, typeof i.json.job_id])).toEqual([
			[{ item: 0 }, 'string'],
		]);
		expect(running.map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
	});
});
