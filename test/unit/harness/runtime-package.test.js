'use strict';
/** Which n8n release a run used: the one whose `n8n` binary comes first on PATH. */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runtimePackage } = require('../../../harness/n8n-cli');

/** A folder laid out as `npm ci` leaves an n8n release: its binary and its package.json. */
function release(version) {
	const modules = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-release-')), 'node_modules');
	fs.mkdirSync(path.join(modules, '.bin'), { recursive: true });
	fs.mkdirSync(path.join(modules, 'n8n'));
	fs.writeFileSync(path.join(modules, '.bin', 'n8n'), '');
	fs.writeFileSync(path.join(modules, 'n8n', 'package.json'), JSON.stringify({ version }));
	return modules;
}

describe('runtimePackage', () => {
	const saved = process.env.PATH;
	const folders = [];
	afterEach(() => {
		process.env.PATH = saved;
	});
	afterAll(() => {
		for (const modules of folders) fs.rmSync(path.dirname(modules), { recursive: true });
	});

	test('reads the package of the first release on PATH', () => {
		folders.push(release('1.123.81'), release('2.41.1'));
		process.env.PATH = [
			'/usr/bin',
			path.join(folders[1], '.bin'),
			path.join(folders[0], '.bin'),
		].join(path.delimiter);
		expect(runtimePackage('n8n/package.json').version).toBe('2.41.1');
	});

	test('fails with what to do when no n8n is on PATH', () => {
		process.env.PATH = '/usr/bin';
		expect(() => runtimePackage('n8n/package.json')).toThrow(/scripts\/n8n\.sh/);
	});
});
