/**
 * The durable suite: jobs that outlive an execution, through the README's loop of Generate,
 * Check and n8n's Wait node, in the real n8n (`n8n start` on SQLite; queue mode on PostgreSQL
 * and Redis), run by `npm run test:durable`. It shares the queue suite's throwaway folder and
 * cleanup (test/queue/global-setup.js).
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/durable'],
	testMatch: ['**/*.durable.js'],
	globalSetup: '<rootDir>/test/queue/global-setup.js',
	globalTeardown: '<rootDir>/test/queue/global-teardown.js',
	testTimeout: 600000,
	maxWorkers: 1,
};
