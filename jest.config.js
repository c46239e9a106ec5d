/** Tests run against the built package (dist/), as n8n loads it. `npm test` builds first. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 30000,
	maxWorkers: 2,
};
