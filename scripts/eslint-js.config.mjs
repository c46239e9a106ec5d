// ESLint for the JavaScript that is not shipped: tests, the bench and scripts. The node's own
// TypeScript is linted by `npm run lint` (n8n-node lint, whose config must stay n8n's default).
import js from '@eslint/js';
import globals from 'globals';

export default [
	js.configs.recommended,
	{
		files: ['**/*.js'],
		languageOptions: {
			ecmaVersion: 2023,
			sourceType: 'commonjs',
			globals: { ...globals.node, ...globals.jest },
		},
		// `const { omitted, ...rest } = o` is how a field is left out of a copy
		rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] },
	},
];
