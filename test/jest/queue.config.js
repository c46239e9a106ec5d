/**
 * The queue-mode suite: the real n8n as a main and two workers on PostgreSQL and Redis, run by
 * `npm run test:queue` (scripts/n8n.sh installs n8n, scripts/queue-services.sh PostgreSQL and Redis).
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.js'],
	globalSetup: '<rootDir>/test/queue/global-setup.js',
	globalTeardown: '<rootDir>/test/queue/global-teardown.js',
	testTimeout: 180000,
	maxWorkers: 1,
};
