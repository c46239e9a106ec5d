'use strict';
/**
 * Runs the checks of n8n's community package scanner (@n8n/scan-community-package) on this
 * package, offline: on the source as the scanner reads a package's repository, and on the packed
 * tarball as npm would publish it. The scanner's own CLI only takes published packages (it needs
 * npm provenance and the GitHub source); its analysis is the same. Exits 1 on any violation.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { unpackPackage } = require('../harness/n8n-cli');

const ROOT = path.resolve(__dirname, '..');

async function main() {
	const scanner = await import(require.resolve('@n8n/scan-community-package/scanner/scanner.mjs'));
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-scan-'));
	try {
		const unpacked = path.join(work, 'package');
		const { tarball, files } = unpackPackage(unpacked, work);
		console.log(`Packed ${path.basename(tarball)}: ${files.length} files`);

		const checks = [
			// the scanner's patterns for a package's source; declaration files are build output
			['source', ROOT, scanner.SOURCE_FILE_PATTERNS],
			['packed tarball', unpacked, ['**/*.js', 'package.json']],
		];
		let failed = false;
		for (const [label, dir, patterns] of checks) {
			const result = await scanner.analyzePackage(dir, patterns);
			console.log(
				`${result.passed ? 'PASS' : 'FAIL'}  ${label} (${patterns.join(', ')})${result.message ? `: ${result.message}` : ''}`,
			);
			if (!result.passed) {
				failed = true;
				if (result.details) console.log(result.details);
			}
		}
		if (failed) process.exitCode = 1;
		else console.log('The package passes the community package scanner.');
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
