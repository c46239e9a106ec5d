'use strict';
/** How the tests read the result that `n8n execute --rawOutput` prints among its log lines. */
const { parseResult } = require('../../support/n8n-cli');

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
