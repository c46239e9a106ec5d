'use strict';
/** Which failed runs fail the bench (bench/failures.js). */
const { failures } = require('../../../bench/failures');

describe('bench: what failed runs mean for its exit', () => {
	const run = (side, error) => ({ case: 'h', side, error });

	test('a failed run of this node fails the bench, and is named by case and side', () => {
		const { lines, exitCode } = failures([run('ours', 'n8n exited 1'), run('hand')], {});
		expect(exitCode).toBe(1);
		expect(lines).toEqual(['  h Media Generation node, defaults: n8n exited 1']);
	});

	test('a failed hand-built run is listed but leaves the bench passing, except with --smoke', () => {
		const records = [run('ours'), run('hand', 'the Download node failed')];
		expect(failures(records, {})).toEqual({
			lines: ["  h hand-built, n8n's own nodes: the Download node failed"],
			exitCode: 0,
		});
		expect(failures(records, { smoke: true }).exitCode).toBe(1);
	});

	test('no failed run: nothing listed, exit 0', () => {
		expect(failures([run('ours'), run('hand')], { smoke: true })).toEqual({
			lines: [],
			exitCode: 0,
		});
	});
});
