/**
 * The typed unit tests: TypeScript against the source (no build), pure logic and each
 * operation's mapping through a fake execute context. `npm run test:unit` runs them in seconds;
 * `npm test` runs them with everything else.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/unit'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
};
