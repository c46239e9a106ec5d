/**
 * The agents suite: the node as the tools of n8n's AI Agent and of its MCP Server Trigger, in the
 * real n8n (`npm run test:agents`; scripts/n8n.sh installs n8n).
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/agents'],
	testMatch: ['**/*.agents.js'],
	setupFiles: ['<rootDir>/harness/n8n-env.js'],
	globalTeardown: '<rootDir>/test/global-teardown.js',
	testTimeout: 180000,
	maxWorkers: 1,
};
