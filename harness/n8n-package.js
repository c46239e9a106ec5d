'use strict';
/**
 * The node package as n8n installs it: packed as npm would publish it, and unpacked where n8n
 * looks for community packages in a user folder.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = require(path.join(ROOT, 'package.json'));

/** The node type of our node once installed as a community package. */
const NODE_TYPE = `${PACKAGE.name}.mediaGeneration`;

/** Unpacks a packed package into `target` (created when missing). */
function unpackTarball(tarball, target) {
	fs.mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/**
 * Packs the built package as npm would publish it, into `destination`, and unpacks it into
 * `target` (created when missing). Returns the tarball's path and the files it holds.
 */
function unpackPackage(target, destination) {
	const out = execFileSync(
		'npm',
		['pack', '--json', '--pack-destination', destination, '--loglevel=error'],
		{ cwd: ROOT, encoding: 'utf8' },
	);
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	const tarball = path.join(destination, info.filename);
	unpackTarball(tarball, target);
	return { tarball, files: info.files.map((f) => f.path) };
}

/**
 * Installs the package where n8n looks for community packages in the user folder `folder`: from
 * `tarball` when given (several instances share one), else packed anew into that folder.
 * Returns the tarball installed.
 */
function installPackage(folder, tarball) {
	const nodesDir = path.join(folder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE.name);
	if (tarball) unpackTarball(tarball, target);
	const installed = tarball ?? unpackPackage(target, folder).tarball;
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify(
			{
				name: 'installed-nodes',
				private: true,
				dependencies: { [PACKAGE.name]: PACKAGE.version },
			},
			null,
			2,
		),
	);
	return installed;
}

module.exports = { NODE_TYPE, PACKAGE, installPackage, unpackPackage };
