// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which folders are pure, and the layer direction, are enforced by folder in .dependency-cruiser.cjs.
export default tseslint.config(
  { ignores: ['.dependency-cruiser.cjs', 'dist/**', 'out/**', 'node_modules/**', '**/*.vsix', 'test/fixtures/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['test/extensions/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', 'media/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
