'use strict';
/** How the tests read the result that `n8n execute --rawOutput` prints, and its exit code. */
const { executeCode, parseResult } = require('../../../harness/n8n-cli');

const result = {
	data: { resultData: { runData: { Image: [{ data: { main: [[{ json: {} }]] } }] } } },
};
const printed = JSON.stringify(result, null, 2);

describe('parseResult', () => {
	test('the JSON after the log lines', () => {
		expect(
			parseResult(`n8n Task Broker ready\nMedia Generation: created a job\n${printed}\n`),
		).toEqual(result);
	});

	test('log lines that start with "{" before it: a one-line JSON log and an inspected object', () => {
		const noise = '{"level":"warn","message":"runner slow"}\n{\n  code: \'ECONNRESET\'\n}\n';
		expect(parseResult(`ready\n${noise}${printed}\n`)).toEqual(result);
	});

	test('the error n8n prints after a failed run does not hide the result', () => {
		expect(parseResult(`${printed}\nExecution error:\n{\n  oops\n}\n`)).toEqual(result);
	});

	test('no result at all, or one cut off midway', () => {
		expect(parseResult('ready\nno JSON here\n')).toBeUndefined();
		expect(parseResult(`ready\n${printed.slice(0, 60)}`)).toBeUndefined();
	});
});

describe('executeCode', () => {
	const finished = (status) => ({ finished: true, status });

	test('an exit code stands as n8n gave it', () => {
		expect(executeCode({ code: 0 }, finished('success'))).toBe(0);
		expect(executeCode({ code: 1 }, finished('error'))).toBe(1);
		expect(executeCode({ code: 1 }, finished('success'))).toBe(1);
	});

	test('a crash after the finished run was printed: the run decides', () => {
		expect(executeCode({ code: 1, signal: 'SIGSEGV' }, finished('success'))).toBe(0);
		expect(executeCode({ code: 1, signal: 'SIGSEGV' }, finished('error'))).toBe(1);
	});

	test('killed before a finished run was printed: a failure', () => {
		expect(executeCode({ code: 1, signal: 'SIGTERM' }, undefined)).toBe(1);
		expect(executeCode({ code: 1, signal: 'SIGSEGV' }, { finished: false })).toBe(1);
	});
});
