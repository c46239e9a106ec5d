'use strict';
/** The n8n release on PATH (scripts/n8n.sh puts that release's node_modules/.bin there). */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The path of a package or file of the n8n release on PATH, e.g.
 * `runtimePath('n8n/dist/modules/chat-hub')`.
 */
function runtimePath(name) {
	const bin = (process.env.PATH ?? '')
		.split(path.delimiter)
		.find((dir) => path.basename(dir) === '.bin' && fs.existsSync(path.join(dir, 'n8n')));
	if (!bin) throw new Error('No n8n release on PATH: run this through scripts/n8n.sh');
	return path.join(bin, '..', name);
}

/**
 * A package of the n8n release on PATH, for what a test needs to know of the release itself,
 * e.g. `runtimePackage('n8n-workflow')`.
 */
function runtimePackage(name) {
	return require(runtimePath(name));
}

module.exports = { runtimePath, runtimePackage };
