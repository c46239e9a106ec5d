/**
 * Mutation testing of the pure logic: the poll plan, the validation and the run's cost rules.
 * StrykerJS changes the source one mutant at a time and runs the typed unit tests that cover it
 * (test/jest/mutation.config.js); a mutant no test fails is a rule nobody would miss.
 * `npm run test:mutation` runs it; scripts/mutation-score.js reads the report per folder.
 */
export default {
	testRunner: 'jest',
	jest: { configFile: 'test/jest/mutation.config.js' },
	coverageAnalysis: 'perTest',
	mutate: [
		'nodes/MediaGeneration/engine/plan/**/*.ts',
		'nodes/MediaGeneration/validation/**/*.ts',
		'nodes/MediaGeneration/actions/cost/**/*.ts',
	],
	concurrency: 2,
	// a mutant that loops forever is caught 2 s past its tests' usual time, not 5
	timeoutMS: 2000,
	reporters: ['progress', 'clear-text', 'json'],
	jsonReporter: { fileName: 'reports/mutation/mutation.json' },
	tempDirName: '.stryker-tmp',
	ignorePatterns: ['dist', 'reports', 'examples', 'docs', 'test/n8n-releases'],
	cleanTempDir: 'always',
};
