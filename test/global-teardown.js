'use strict';
// Removes the per-run folders (user folder, binary data) that setup-env.js created.
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');

module.exports = async () => {
	for (const name of fs.readdirSync(os.tmpdir())) {
		if (name.startsWith('media-generation-tests-'))
			fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
	}
};
