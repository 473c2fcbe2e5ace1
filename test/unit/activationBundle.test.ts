// The bundle rule as a fast check: the code loaded at activation, minified as `npm run
// build:production` makes it, stays at most 100 KB. In the Node host that is its entry
// (dist/extension.js) plus the activation bundle it requires (dist/web/extension.js); the web worker
// loads the activation bundle alone. The rest loads on first use: the features
// (dist/web/features.js) and the MCP server (dist/mcp.js). The VSIX suite measures the shipped files too.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..');
const LIMIT = 100 * 1024;

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
  it('stays at most 100 KB minified, with vscode external: the Node entry plus the activation bundle it loads', async function () {
    this.timeout(60_000);
    const [entry, shared] = await Promise.all([minifiedBytes('src/node/main.ts', 'node'), minifiedBytes('src/extension.ts', 'browser')]);
    const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
    assert.ok(
      entry + shared <= LIMIT,
      `dist/extension.js (${kb(entry)} KB) + dist/web/extension.js (${kb(shared)} KB) would be ${kb(entry + shared)} KB, over 100 KB: move what activation does not need into the features bundle (src/features.ts)`,
    );
  });
});
