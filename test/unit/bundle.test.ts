// Static promises about what ships: no network access, read-only, honest trust declaration.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WRITING_TOOL_WHEN } from '../../src/ids';
import { TOOL_APIS } from '../../src/tools/list';

const root = path.resolve(__dirname, '..', '..', '..');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const allSource = sources(path.join(root, 'src')).map((f) => [path.relative(root, f), fs.readFileSync(f, 'utf8')] as const);

describe('what ships', () => {
  it("imports no network module and calls no fetch, except the MCP server, which listens on 127.0.0.1 only, and the web worker's fetch of our own features bundle", () => {
    const server = allSource.find(([file]) => file === path.join('src', 'mcp', 'server.ts'));
    assert.ok(server, 'src/mcp/server.ts');
    assert.deepEqual(
      [...server[1].matchAll(/\.listen\(([^)]*)\)/g)].map((m) => m[1]!.split(',').slice(0, 2).join(',')),
      ["0, '127.0.0.1'"],
    );
    assert.doesNotMatch(server[1], /\bfetch\(|XMLHttpRequest|WebSocket\(|http\.request\(|\.connect\(\s*\{/);
    // The web worker has no require: it fetches the features bundle from the extension's own folder.
    const loader = allSource.find(([file]) => file === path.join('src', 'activation', 'lazyFeatures.ts'));
    assert.ok(loader, 'src/activation/lazyFeatures.ts');
    assert.deepEqual(
      [...loader[1].matchAll(/\bfetch\(([^)]*)\)/g)].map((m) => m[1]),
      ['uri.toString(true'],
    );
    assert.match(loader[1], /const uri = vscode\.Uri\.joinPath\(extensionUri, \.\.\.relativePath\.split\('\/'\)\);/);
    for (const [file, text] of allSource) {
      if (file === server[0]) continue;
      if (file === loader[0]) {
        assert.doesNotMatch(text, /XMLHttpRequest|WebSocket\(|from ['"](node:)?(http|https|net)['"]/, file);
        continue;
      }
      // A type-only import (src/mcp's request and response types) emits no code.
      const code = text.replace(/^import type [^;]*;$/gm, '');
      assert.doesNotMatch(code, /from ['"](node:)?(http|https|http2|net|tls|dgram|dns)['"]|require\(['"](node:)?(http|https|net|tls)['"]\)/, file);
      assert.doesNotMatch(text, /\bfetch\(|XMLHttpRequest|WebSocket\(/, file);
    }
  });
  it("writes to the workspace in one place only: the writing tools' port, through the editor", () => {
    const writers = allSource
      .filter(([, text]) => /fs\.writeFile|fs\.delete|fs\.rename|applyEdit|new vscode\.WorkspaceEdit|writeFileSync/.test(text))
      .map(([file]) => file);
    assert.deepEqual(
      writers.map((file) => file.split(path.sep).join('/')),
      ['src/platform/workspaceEdits.ts'],
    );
    const edits = allSource.find(([file]) => file === path.join('src', 'platform', 'workspaceEdits.ts'))?.[1] ?? '';
    // Through the editor's documents (undoable, saved by VS Code), never the file system directly.
    assert.doesNotMatch(edits, /fs\.writeFile|fs\.delete|fs\.rename|writeFileSync/);
  });
  it('declares limited untrusted-workspace support: in Restricted Mode the tools that write are not offered', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      capabilities: { untrustedWorkspaces: { supported: unknown; description?: unknown } };
      extensionKind: unknown;
      contributes: { languageModelTools: { name: string; when?: string }[] };
    };
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.equal(typeof pkg.capabilities.untrustedWorkspaces.description, 'string');
    // A tool that writes is offered only in a trusted workspace with writing on; the tools that read, always.
    for (const tool of pkg.contributes.languageModelTools) {
      const writes = TOOL_APIS.some((api) => api.name === tool.name && api.writes === true);
      assert.equal(tool.when, writes ? WRITING_TOOL_WHEN : undefined, tool.name);
    }
    assert.deepEqual(pkg.extensionKind, ['workspace']);
  });
});
