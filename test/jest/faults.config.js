/** The fault suite: creates, cancels, crashes, large batches and hostile input in the real n8n (`npm run test:faults`). */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/faults'],
	testMatch: ['**/*.faults.js'],
	setupFiles: ['<rootDir>/harness/n8n-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 600000,
	maxWorkers: 1,
};
