import { expectedWaitSeconds } from '../../../../nodes/MediaGeneration/actions/tool/toolAnswer';

describe('how long an AI agent is told to expect a job still running to take', () => {
	test('the rest of its usual time', () => {
		expect(expectedWaitSeconds(120_000, 40_000)).toBe(80);
		expect(expectedWaitSeconds(60_000, 0)).toBe(60);
	});

	test('once past its usual time, a quarter of its age more: late, not lost', () => {
		expect(expectedWaitSeconds(60_000, 200_000)).toBe(50);
		expect(expectedWaitSeconds(60_000, 60_000)).toBe(15);
	});

	test('never less than a second', () => {
		expect(expectedWaitSeconds(1000, 999)).toBe(1);
		expect(expectedWaitSeconds(0, 0)).toBe(1);
	});
});
