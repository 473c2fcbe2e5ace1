// The web-worker build (package.json `browser`, and the features bundle it loads on first use) must
// not reach for Node: that host has only `vscode`.
import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser: string; main: string };

/** The activation bundle and the features bundle (src/activation/lazyFeatures.ts loads it in both hosts). */
const FEATURES = 'dist/web/features.js';

function bundles(): [string, string][] {
  return [pkg.browser, FEATURES].map((relative) => {
    const file = path.join(root, relative);
    assert.ok(fs.existsSync(file), `${relative} exists (build it with node esbuild.mjs)`);
    return [relative, fs.readFileSync(file, 'utf8')];
  });
}

describe('the web extension bundle', () => {
  it('is the browser entry, next to the Node one, and ships in the VSIX', () => {
    assert.equal(pkg.browser, './dist/web/extension.js');
    assert.equal(pkg.main, './dist/extension.js');
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!dist\/web\/extension\.js$/m);
    assert.match(ignore, /^!dist\/web\/features\.js$/m);
  });
  it('each requires only vscode', () => {
    for (const [name, text] of bundles()) {
      const required = [...text.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
      assert.ok(required.length > 0, `${name} is CommonJS with vscode external`);
      assert.deepEqual([...new Set(required)], ['vscode'], name);
    }
  });
  it('each imports no Node built-in, by any spelling', () => {
    const names = builtinModules.filter((m) => !m.startsWith('_'));
    for (const [file, text] of bundles()) {
      for (const name of names) {
        const quoted = new RegExp(`["'\`](node:)?${name.replace(/[/]/g, '\\/')}["'\`]`);
        assert.doesNotMatch(text, new RegExp(`(require\\(|import\\(|from )\\s*${quoted.source}`), `${file}: ${name}`);
      }
      assert.doesNotMatch(text, /["'`]node:[a-z_/]+["'`]/, file);
    }
  });
  it('each uses no Node global (process, Buffer, __dirname, __filename, setImmediate, global)', () => {
    for (const [file, text] of bundles()) {
      for (const global of ['process', 'Buffer', '__dirname', '__filename', 'setImmediate', 'global']) {
        assert.doesNotMatch(text, new RegExp(`(?<![\\w$.'"\`])${global}\\s*[.[(]`), `${file}: ${global}`);
      }
    }
  });
  it('carries the realpath variant that resolves no links (workspace/realpath.web.ts)', () => {
    assert.doesNotMatch(bundles()[1]![1], /\.realpath\b/);
  });
});
