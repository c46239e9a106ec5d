/**
 * The poll plan measured on the simulated clock over many seeds (`*.sim.js` under test/unit):
 * figures for docs/waiting-figures.md, not tests. `npm run sim:plan` runs them: cases.sim.js (the
 * bench's cases) and seeds.sim.js (every family) in test/unit/engine/plan/, which give their settings.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/unit'],
	testMatch: ['**/*.sim.js'],
	testTimeout: 3_600_000,
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
};
