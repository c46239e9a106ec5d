'use strict';
/**
 * How a job ends, as its prompt asks: `[never]` never finishes, `[fail]` fails, any other
 * succeeds. Tests steer a job's end by its prompt alone, with no fault to set up.
 */
function outcomeFromPrompt(text) {
	if (/\[never\]/i.test(text)) return 'never';
	if (/\[fail\]/i.test(text)) return 'failed';
	return 'succeeded';
}

/** A new job's outcome and, when its prompt asks it to fail, the `failure` it reports. */
function promptOutcome(text, failure) {
	return {
		outcome: outcomeFromPrompt(text),
		error: /\[fail\]/i.test(text) ? failure : undefined,
	};
}

module.exports = { promptOutcome };
