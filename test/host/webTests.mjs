// Bundles integration tests for the web-worker extension host: one CommonJS script (that host loads
// a single file and offers `require('vscode')` only) with mocha's browser build, the chosen
// test/integration/*.test.ts files in the Node entry's (sorted) order, `*.web.ts` variants of
// Node-only modules, a browser `assert`, and the run's settings baked in (a web worker has no
// process.env).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { webVariants } from '../../scripts/webVariants.mjs';
import { onCleanup } from './host.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Writes the bundle under out/ (inside the extension folder, which the server serves) and returns its path.
 * @param {Record<string, string>} env what the tests read with testEnv()
 * @param {string[]} names test files, without `.test.ts`
 */
export async function bundleWebTests(env, names) {
  const dir = join(repo, 'out', 'test', 'web');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `tests-${process.pid}-${Date.now()}.js`);
  onCleanup(() => {
    rmSync(outfile, { force: true });
    rmSync(`${outfile}.map`, { force: true });
  });
  const contents = [
    "import './test/web/setup';",
    ...[...names].sort().map((name) => `import './test/integration/${name}.test';`),
    "export { run } from './test/web/run';",
  ].join('\n');
  await esbuild.build({
    stdin: { contents, resolveDir: repo, sourcefile: 'web-tests.ts', loader: 'ts' },
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    outfile,
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [webVariants],
    alias: { 'node:assert/strict': join(repo, 'test', 'web', 'assertStrict.ts') },
    inject: [join(repo, 'test', 'web', 'processShim.ts')],
    define: {
      __LSP_TOOL_TEST_ENV__: JSON.stringify(env),
      // The browser `util` that `assert` uses reads this once at load.
      'process.env.NODE_DEBUG': 'false',
    },
  });
  return outfile;
}
