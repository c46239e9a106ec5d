'use strict';
/**
 * Under .ci/run (MEDIA_GEN_N8N_LOGS names a folder), every long-running n8n writes its log to a
 * file and the file is listed there, so that a failed stage can print the end of each log; so
 * does every `n8n execute` that exits with an error.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ending } = require('./n8n-run');

let ciLogs = 0;

/** A new log file for the n8n command `args`, under .ci/run only (else undefined). */
function ciLogFile(args) {
	const folder = process.env.MEDIA_GEN_N8N_LOGS;
	if (!folder) return undefined;
	return path.join(folder, `n8n-${args[0]}-${process.pid}-${++ciLogs}.log`);
}

/** Lists a log file for CI, under .ci/run only. */
function noteLog(logFile) {
	const folder = process.env.MEDIA_GEN_N8N_LOGS;
	if (folder && logFile)
		fs.appendFileSync(path.join(folder, 'index'), `${path.resolve(logFile)}\n`);
}

/** Under .ci/run, a run that did not exit cleanly gets a log of its own, listed for CI. */
function logForCi(command, r, note) {
	const logFile = ciLogFile([command]);
	if (!logFile) return;
	fs.writeFileSync(logFile, `n8n ${command}: ${ending(r)}, ${note}\n${r.stdout}\n${r.stderr}`);
	noteLog(logFile);
}

module.exports = { ciLogFile, logForCi, noteLog };
