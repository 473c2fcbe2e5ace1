// The bundle rule as a fast check: the code loaded at activation (dist/extension.js, minified as
// `npm run build:production` makes it) stays at most 100 KB; code only some users need is a second
// bundle loaded on first use. The VSIX suite measures the shipped files too.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..');
const LIMIT = 100 * 1024;

describe('the activation bundle', () => {
  it('is at most 100 KB minified, with vscode external', async function () {
    this.timeout(30_000);
    const result = await build({
      entryPoints: [path.join(root, 'src', 'extension.ts')],
      bundle: true,
      minify: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      external: ['vscode'],
      write: false,
      logLevel: 'silent',
    });
    const bytes = result.outputFiles[0]!.contents.length;
    assert.ok(bytes <= LIMIT, `dist/extension.js would be ${(bytes / 1024).toFixed(1)} KB, over 100 KB: move code only some users need into a bundle loaded on first use`);
  });
});
