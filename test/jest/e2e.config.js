/** The end-to-end suite: the real n8n CLI, run by `npm run test:e2e` (scripts/n8n.sh installs n8n). */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.js'],
	setupFiles: ['<rootDir>/harness/n8n-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 180000,
	maxWorkers: 1,
};
