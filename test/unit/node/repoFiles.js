/**
 * The repository's files as the typed unit tests read them, since the node's lint forbids fs and
 * path in TypeScript. Paths are relative to the repository's root, with '/' between folders.
 */
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '../../..');
/** Folders that hold no file of ours: installed packages, the build, git's own */
const NOT_OURS = new Set(['node_modules', 'dist', '.git']);

/** Every file under `dir` whose name ends with `ending`, at any depth, in a stable order. */
function filesUnder(dir, ending = '') {
	const found = [];
	for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
		const file = path.posix.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (!NOT_OURS.has(entry.name)) found.push(...filesUnder(file, ending));
		} else if (entry.name.endsWith(ending)) found.push(file);
	}
	return found.sort();
}

const readText = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Whether a file or folder exists inside the repository. */
const exists = (file) => !file.startsWith('..') && fs.existsSync(path.join(ROOT, file));

/** `to` taken from the folder `from`, normalised (it starts with '..' when it leaves the root). */
const resolvePath = (from, to) => path.posix.normalize(path.posix.join(from, to));

module.exports = { filesUnder, readText, exists, resolvePath };
