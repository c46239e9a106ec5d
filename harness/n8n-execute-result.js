'use strict';
/** What `n8n execute --rawOutput` printed: the run's result, and the exit code that run stands for. */

/**
 * n8n prints log lines first, then the result JSON (pretty-printed: its first line is "{" alone, its
 * last "}" alone), then (for a failed run) the error. Another line may start with "{" before it (a
 * log line in JSON, from the task runner, say): each "{" line is tried as the start, with each later
 * "}" line as the end, and the first pair that makes valid JSON is the result.
 */
function parseResult(stdout) {
	const lines = stdout.split('\n');
	const ends = [];
	lines.forEach((l, i) => l === '}' && ends.push(i));
	for (let start = 0; start < lines.length; start++) {
		if (lines[start] !== '{') continue;
		for (const end of ends) {
			if (end <= start) continue;
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n'));
			} catch {
				// not the closing brace of the result yet
			}
		}
	}
	return undefined;
}

/**
 * The exit code of an `n8n execute`, as the run it printed decides it. n8n 1.123 exits with its
 * vm expression engine's isolates still alive, and under load the process then sometimes dies by
 * SIGSEGV after printing the finished run: that run, not the crash on the way out, is the outcome.
 * A process killed before it printed a finished run keeps code 1.
 */
function executeCode({ code, signal }, data) {
	if (!signal || !data?.finished) return code;
	return data.status === 'success' ? 0 : 1;
}

module.exports = { executeCode, parseResult };
