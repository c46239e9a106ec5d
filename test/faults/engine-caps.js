'use strict';
/**
 * The most requests of each class the node's engine may have in flight at once, read from the
 * built package: `MAX_IN_FLIGHT` from engine/parallel.js where the engine exports one (adaptive
 * parallelism, one ceiling for every class), else the fixed caps of engine/submit.js (creates)
 * and engine/poll.js (job reads, result downloads).
 */
const fs = require('node:fs');
const path = require('node:path');

const ENGINE = path.resolve(__dirname, '../../dist/nodes/MediaGeneration/engine');

function engineCaps() {
	const parallel = path.join(ENGINE, 'parallel.js');
	if (fs.existsSync(parallel)) {
		const { MAX_IN_FLIGHT } = require(parallel);
		if (typeof MAX_IN_FLIGHT === 'number') return { create: MAX_IN_FLIGHT, read: MAX_IN_FLIGHT, file: MAX_IN_FLIGHT, source: 'MAX_IN_FLIGHT' };
	}
	const { CREATE_CONCURRENCY } = require(path.join(ENGINE, 'submit.js'));
	const { POLL_CONCURRENCY, DOWNLOAD_CONCURRENCY } = require(path.join(ENGINE, 'poll.js'));
	return { create: CREATE_CONCURRENCY, read: POLL_CONCURRENCY, file: DOWNLOAD_CONCURRENCY, source: 'fixed caps' };
}

module.exports = { engineCaps };
