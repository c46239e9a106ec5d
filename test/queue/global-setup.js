'use strict';
/**
 * Runs in Jest's own process before the queue suite: makes the throwaway folder the cluster
 * lives in (MEDIA_GEN_QUEUE_ROOT) and makes sure whatever the suite started there ends with
 * Jest, however Jest ends: global teardown, exit, Ctrl-C, SIGTERM (see cleanup.js). A run killed
 * outright (SIGKILL) cannot clean up after itself: the next run ends what it left, which would
 * hold the suite's ports. MEDIA_GEN_QUEUE_KEEP=1 keeps the folder (logs, data) for a look.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cleanupSync, alive } = require('./cleanup');

const PREFIX = 'media-gen-queue-';

function endAbandonedRuns() {
	for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(PREFIX))) {
		const dir = path.join(os.tmpdir(), name);
		let owner;
		try {
			owner = Number(fs.readFileSync(path.join(dir, 'owner'), 'utf8'));
		} catch {
			continue; // not a suite run's folder
		}
		if (owner && !alive(owner)) cleanupSync(dir);
	}
}

module.exports = async () => {
	endAbandonedRuns();
	const root = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
	fs.writeFileSync(path.join(root, 'owner'), String(process.pid));
	process.env.MEDIA_GEN_QUEUE_ROOT = root;
	const cleanup = () => cleanupSync(root, { keepFolder: process.env.MEDIA_GEN_QUEUE_KEEP === '1' });
	process.once('exit', cleanup);
	for (const [sig, code] of [
		['SIGINT', 130],
		['SIGTERM', 143],
		['SIGHUP', 129],
	]) {
		process.once(sig, () => {
			cleanup();
			process.exit(code);
		});
	}
};
