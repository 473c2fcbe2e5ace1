// The web-worker build (package.json `browser`) must not reach for Node: that host has only `vscode`.
import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser: string; main: string };

function bundle(): string {
  const file = path.join(root, pkg.browser);
  assert.ok(fs.existsSync(file), `${pkg.browser} exists (build it with node esbuild.mjs)`);
  return fs.readFileSync(file, 'utf8');
}

describe('the web extension bundle', () => {
  it('is the browser entry, next to the Node one, and ships in the VSIX', () => {
    assert.equal(pkg.browser, './dist/web/extension.js');
    assert.equal(pkg.main, './dist/extension.js');
    assert.match(fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8'), /^!dist\/web\/extension\.js$/m);
  });
  it('requires only vscode', () => {
    const required = [...bundle().matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    assert.ok(required.length > 0, 'the bundle is CommonJS with vscode external');
    assert.deepEqual([...new Set(required)], ['vscode']);
  });
  it('imports no Node built-in, by any spelling', () => {
    const text = bundle();
    const names = builtinModules.filter((m) => !m.startsWith('_'));
    for (const name of names) {
      const quoted = new RegExp(`["'\`](node:)?${name.replace(/[/]/g, '\\/')}["'\`]`);
      assert.doesNotMatch(text, new RegExp(`(require\\(|import\\(|from )\\s*${quoted.source}`), name);
    }
    assert.doesNotMatch(text, /["'`]node:[a-z_/]+["'`]/);
  });
  it('uses no Node global (process, Buffer, __dirname, __filename, setImmediate, global)', () => {
    const text = bundle();
    for (const global of ['process', 'Buffer', '__dirname', '__filename', 'setImmediate', 'global']) {
      assert.doesNotMatch(text, new RegExp(`(?<![\\w$.'"\`])${global}\\s*[.[(]`), global);
    }
  });
  it('carries the realpath variant that resolves no links (workspace/realpath.web.ts)', () => {
    assert.doesNotMatch(bundle(), /\.realpath\b/);
  });
});
