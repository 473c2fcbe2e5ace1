// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which folders are pure, and the layer direction, are enforced by folder in .dependency-cruiser.cjs.
export default tseslint.config(
  { ignores: ['.dependency-cruiser.cjs', 'dist/**', 'out/**', 'node_modules/**', '**/*.vsix', 'test/fixtures/**', 'bench/results/**', 'demo/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  // TypeScript is linted with its types: a floating or misused promise is an error.
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { project: ['./tsconfig.test.json', './tsconfig.webview.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['test/extensions/**/*.js', 'scripts/demo-extension/**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', 'media/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
