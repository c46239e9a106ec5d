'use strict';
const { SIDE_NAMES } = require('./sides');

/**
 * The failed runs, each named by its case and side, and the bench's exit code. A run of this node
 * that fails fails the bench. A hand-built run that fails is a finding of the comparison, as when
 * n8n's own Download node gives up on 10,000 files (case h), so it is reported but does not fail
 * the bench, except with --smoke, which checks that every workflow of both sides runs.
 */
function failures(records, { smoke }) {
	const failed = records.filter((r) => r.error);
	const lines = failed.map((r) => `  ${r.case} ${SIDE_NAMES[r.side] ?? r.side}: ${r.error}`);
	const ours = failed.filter((r) => r.side !== 'hand');
	return { lines, exitCode: ours.length || (smoke && failed.length) ? 1 : 0 };
}

module.exports = { failures };
