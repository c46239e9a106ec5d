/**
 * The typed unit tests of the pure logic, as StrykerJS runs them for each mutant
 * (`npm run test:mutation`, stryker.config.mjs). The poll plan's promises run a narrow sweep here
 * (promises.test.ts); `npm test` runs the wide one.
 */
process.env.MEDIA_GEN_PLAN_SWEEP ??= 'mutation';

module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/unit'],
	testMatch: [
		'<rootDir>/test/unit/engine/plan/**/*.test.ts',
		'<rootDir>/test/unit/validation/**/*.test.ts',
		'<rootDir>/test/unit/actions/cost/**/*.test.ts',
	],
	// compiled file by file without type checks: a mutant need not type-check to be run
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/jest/tsconfig.mutation.json' }],
	},
};
