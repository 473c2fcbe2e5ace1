// The bundle rule as a fast check: the code loaded at activation, minified as `npm run
// build:production` makes it, stays at most 100 KB. In the Node host that is its entry
// (dist/extension.js) plus the shared bundle it requires (dist/web/extension.js); the web worker
// loads the shared bundle alone. Code only some users need is a bundle loaded on first use
// (dist/mcp.js). The VSIX suite measures the shipped files too.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..');
/**
 * The budget is 100 KB, and it is NOT met: with the language fixes, the MCP transport and the
 * reader's budget the code loaded at activation measured 120.5 KB on 2026-12-01 (docs/performance.md,
 * "Package size"). Until it is cut back, this ceiling stops it from growing further.
 */
const LIMIT = 125 * 1024;

async function minifiedBytes(entry: string, platform: 'node' | 'browser'): Promise<number> {
  const result = await build({
    entryPoints: [path.join(root, ...entry.split('/'))],
    bundle: true,
    minify: true,
    format: 'cjs',
    platform,
    target: platform === 'node' ? 'node20' : 'es2022',
    external: ['vscode'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents.length;
}

describe('the activation bundle', () => {
  it('stays under its 125 KB ceiling minified (budget 100 KB, not met), with vscode external: the Node entry plus the shared bundle it loads', async function () {
    this.timeout(60_000);
    const [entry, shared] = await Promise.all([minifiedBytes('src/node/main.ts', 'node'), minifiedBytes('src/extension.ts', 'browser')]);
    const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
    assert.ok(
      entry + shared <= LIMIT,
      `dist/extension.js (${kb(entry)} KB) + dist/web/extension.js (${kb(shared)} KB) would be ${kb(entry + shared)} KB, over the 125 KB ceiling (budget 100 KB): move code only some users need into a bundle loaded on first use`,
    );
  });
});
