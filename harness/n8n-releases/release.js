'use strict';
/**
 * The n8n releases the project tests with: one folder each beside this file, holding the
 * package.json that pins the release and its lockfile. scripts/n8n.sh installs the one named by
 * N8N_RELEASE (default 2.40).
 */
const fs = require('node:fs');
const path = require('node:path');

const DEFAULT = '2.40';

/** Every release folder, oldest first. */
function all() {
	return fs
		.readdirSync(__dirname, { withFileTypes: true })
		.filter((d) => d.isDirectory() && fs.existsSync(path.join(__dirname, d.name, 'package.json')))
		.map((d) => d.name)
		.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** A release by folder name: its exact n8n version and the binary data modes it offers. */
function describe(folder) {
	const version = require(path.join(__dirname, folder, 'package.json')).dependencies.n8n;
	const major = Number(version.split('.')[0]);
	// n8n 3.0 drops the in-memory mode ("default"); every release before it has both
	const binaryModes = major >= 3 ? ['filesystem'] : ['default', 'filesystem'];
	return { folder, version, major, binaryModes };
}

/** The release this process runs with (N8N_RELEASE, as scripts/n8n.sh set it). */
function current() {
	return describe(process.env.N8N_RELEASE || DEFAULT);
}

module.exports = { all, describe, current, DEFAULT };
