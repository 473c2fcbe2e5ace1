// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Pure modules: formatting and parsing with no runtime `vscode` import (type imports are fine). */
const PURE = [
  'src/tool/parse.ts', 'src/tool/position.ts', 'src/tool/render.ts', 'src/tool/paths.ts', 'src/tool/errors.ts',
  'src/tool/fileUrl.ts', 'src/tool/pathRules.ts',
  'src/seam/types.ts', 'src/seam/normalize.ts', 'src/seam/readiness.ts', 'src/seam/budget.ts',
  'src/configValues.ts', 'src/card/protocol.ts', 'src/card/html.ts', 'src/references/groups.ts', 'src/log/queryLog.ts',
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '**/*.vsix', 'test/fixtures/**', 'bench/results/**'] },
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
    files: PURE,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'Pure modules may only `import type` from vscode.', allowTypeImports: true }],
      }],
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
