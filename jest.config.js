/**
 * Tests run against the built package (dist/), as n8n loads it, and the typed unit tests against
 * the source (see test/jest/unit.config.js). `npm test` builds first.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js', '**/unit/**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
	setupFiles: ['<rootDir>/harness/n8n-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 30000,
	maxWorkers: 2,
	// A worker whose heap passed this after a test file is replaced. Jest gives a worker 500 ms to
	// exit at the end; one that ends with a heap of a gigabyte or more may take longer, and Jest
	// then warns that it "failed to exit gracefully".
	workerIdleMemoryLimit: '512MB',
};
