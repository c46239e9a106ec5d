'use strict';
// Removes the per-run folders (user folder, binary data) that harness/n8n-env.js created: this run's,
// and those left by runs that have ended. A folder is named after the process that made it, so
// the folders of test runs still going on beside this one (another checkout, another suite) stay.
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');

/** Whether process `pid` still runs (EPERM: it does, under another user). */
function running(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

module.exports = async () => {
	for (const name of fs.readdirSync(os.tmpdir())) {
		const pid = Number(/^media-generation-tests-(\d+)$/.exec(name)?.[1]);
		if (pid && (pid === process.pid || !running(pid)))
			fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
	}
};
