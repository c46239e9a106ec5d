// ESLint for the code that is not shipped: tests (JavaScript and the typed unit tests), the harness
// they share with the demo, the bench and scripts. The node's own TypeScript is linted by `npm run lint` (n8n-node lint, whose config
// must stay n8n's default).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `const { omitted, ...rest } = o` is how a field is left out of a copy
const unusedVars = ['error', { ignoreRestSiblings: true }];
const testGlobals = { ...globals.node, ...globals.jest };

export default [
	js.configs.recommended,
	{
		files: ['**/*.js'],
		languageOptions: {
			ecmaVersion: 2023,
			sourceType: 'commonjs',
			globals: testGlobals,
		},
		rules: { 'no-unused-vars': unusedVars },
	},
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts'] })),
	{
		files: ['**/*.ts'],
		languageOptions: { globals: testGlobals },
		rules: { '@typescript-eslint/no-unused-vars': unusedVars },
	},
];
