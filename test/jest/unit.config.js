/**
 * The unit tests, every `*.test.ts` and `*.test.js` under test/unit: the typed tests against the
 * source (no build), pure logic and each operation's mapping through a fake execute context, and the
 * harness's and the bench's own arithmetic. `npm run test:unit` runs them in seconds; `npm test` runs
 * them with everything else.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/unit'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
	// both cores: Jest's default leaves one idle on a two-core machine
	maxWorkers: 2,
};
