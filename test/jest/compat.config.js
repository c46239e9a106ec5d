/**
 * The compatibility matrix, one n8n release per run (`npm run test:compat` runs it for each
 * folder of harness/n8n-releases): the end-to-end examples and the compact check of every operation.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e', '<rootDir>/test/compat'],
	testMatch: ['**/*.e2e.js', '**/*.compat.js'],
	setupFiles: ['<rootDir>/harness/n8n-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 240000,
	maxWorkers: 1,
	// each check by name, so that a release's log says which ran and which were skipped, and why
	verbose: true,
};
