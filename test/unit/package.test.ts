// What the VSIX ships: `vsce ls` lists exactly what users need, nothing from the repo's development side.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

const REQUIRED = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/card.js',
  'dist/codicons/codicon.css',
  'dist/codicons/codicon.ttf',
  'dist/extension.js',
  'dist/mcp.js',
  'dist/web/extension.js',
  'dist/web/features.js',
  // Not l10n/bundle.l10n.json: VS Code reads bundle.l10n.<language>.json for a language other than
  // its default only; the English bundle is the translators' source.
  'l10n/bundle.l10n.de.json',
  'media/card.css',
  'media/icon.png',
  'media/lsp.svg',
  'media/walkthrough/agent.md',
  'media/walkthrough/callers.md',
  'media/walkthrough/card.md',
  'media/walkthrough/commands.md',
  'media/walkthrough/participant.md',
  'media/walkthrough/problems.md',
  'media/walkthrough/symbols.md',
  'media/walkthrough/tool.md',
  'package.json',
  'package.nls.de.json',
  'package.nls.json',
];

describe('the VSIX file list', () => {
  it('`vsce ls` lists exactly the allowlist', function () {
    this.timeout(60_000);
    assert.ok(fs.existsSync(path.join(root, 'dist', 'extension.js')), 'dist/ is built (npm run build) before this test');
    const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const listed = r.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .sort();
    assert.deepEqual(listed, [...REQUIRED].sort());
  });
  it('every walkthrough media file the manifest names is shipped', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { walkthroughs: { steps: { media: { markdown: string } }[] }[] };
    };
    const media = pkg.contributes.walkthroughs.flatMap((w) => w.steps.map((s) => s.media.markdown));
    assert.equal(media.length, 8);
    for (const file of media) {
      assert.ok(REQUIRED.includes(file), file);
      assert.ok(fs.existsSync(path.join(root, file)), file);
    }
  });
});
