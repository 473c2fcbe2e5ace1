// lsp_rename with real servers on real projects (issue 35): pyright on click, clangd on cJSON, gopls
// on gorilla/mux (each language's position window), the function reachCases.ts edits renamed
// across files over MCP, then back through vscode.lm.invokeTool. Every file on disk must equal the
// original with the raw rename provider's edit applied, nothing left unsaved, the language's own
// checker finding no new error; renamed back, every file byte for byte as it was.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as vscode from 'vscode';
import { activateExtension, measure, setSetting, textOf } from './helpers';
import { connect, mcpText } from './mcpClient';
import { CASES } from './reachCases';

/** Each changed file's text with a workspace edit applied to the disk's text. */
function applied(edit: vscode.WorkspaceEdit): Map<string, string> {
  const out = new Map<string, string>();
  for (const [uri, edits] of edit.entries()) {
    const text = fs.readFileSync(uri.fsPath, 'utf8');
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
    const offset = (p: vscode.Position): number => starts[p.line]! + p.character;
    let result = text;
    for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
      result = result.slice(0, offset(e.range.start)) + e.newText + result.slice(offset(e.range.end));
    }
    out.set(uri.fsPath, result);
  }
  return out;
}

for (const c of CASES.filter((k) => ['python', 'c', 'go'].includes(k.key))) {
  suite(`${c.tag} lsp_rename across files (${c.label})`, function () {
    this.timeout(600_000);
    let root = '';
    let client: Client | undefined;
    /** Every file a rename touched, as it was: put back whatever happens. */
    const originals = new Map<string, string>();

    suiteSetup(async () => {
      await activateExtension();
      await setSetting('followAlong', false);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
      client = await connect(`rename-${c.key}`);
    });

    suiteTeardown(async () => {
      await client?.close();
      await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
      for (const [file, text] of originals) if (fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
      await setSetting('followAlong', undefined);
    });

    test('renamed over MCP: the raw edit on disk, saved, the checker clean; back through invokeTool, byte for byte', async () => {
      const file = path.join(root, c.file);
      const text = fs.readFileSync(file, 'utf8');
      const name = c.name;
      const line = text.split('\n').findIndex((l) => l.includes(c.from));
      assert.ok(line >= 0, `${c.file} declares ${name}`);
      const character = text.split('\n')[line]!.indexOf(name, text.split('\n')[line]!.indexOf(c.from));
      const newName = `${name}Renamed`;
      const document = await vscode.workspace.openTextDocument(file);
      const position = new vscode.Position(line, character);
      // The raw provider's edit, once the server answers with the other files too (the project loaded).
      let raw: vscode.WorkspaceEdit | undefined;
      let refused = '';
      for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
        raw = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, newName).then(
          (e) => e,
          (err: unknown) => {
            refused = err instanceof Error ? err.message : String(err);
            return undefined;
          },
        );
        if (raw !== undefined && raw.entries().length > 1) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      assert.ok(
        raw !== undefined && raw.entries().length > 1,
        `the raw rename of ${name} at ${c.file}:${line + 1}:${character + 1} reaches other files: ${raw?.entries().length ?? 0}${refused ? `; the server said: ${refused}` : ''}`,
      );
      const expected = applied(raw);
      for (const touched of expected.keys()) originals.set(touched, fs.readFileSync(touched, 'utf8'));
      const before = await c.check(root);

      const started = Date.now();
      const answer = mcpText(
        await client!.callTool(
          { name: 'lsp_rename', arguments: { file_path: c.file, line: line + 1, character: character + 1, new_name: newName } },
          undefined,
          { timeout: 300_000 },
        ),
      );
      const took = Date.now() - started;
      assert.match(answer, new RegExp(`^Renamed \`${name}\` to \`${newName}\`: \\d+ edits? in ${expected.size} files?\\.$`, 'm'), answer);
      for (const [touched, content] of expected) assert.equal(fs.readFileSync(touched, 'utf8'), content, `${path.relative(root, touched)} on disk`);
      assert.deepEqual(
        vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.fsPath),
        [],
        'nothing left unsaved',
      );
      const after = await c.check(root);
      assert.deepEqual(
        [...after].filter((e) => !before.has(e)),
        [],
        "no new error from the language's checker",
      );
      assert.match(answer, /^The rename broke nothing/m, answer);

      const back = textOf(
        await vscode.lm.invokeTool('lsp_rename', {
          input: { file_path: c.file, line: line + 1, character: character + 1, new_name: name },
          toolInvocationToken: undefined,
        }),
      );
      assert.match(back, new RegExp(`^Renamed \`${newName}\` to \`${name}\``, 'm'), back);
      for (const [touched, content] of originals) assert.equal(fs.readFileSync(touched, 'utf8'), content, `${path.relative(root, touched)} back byte for byte`);
      measure(`${c.label}: lsp_rename ${name} over MCP, ${expected.size} files, with the check of what it broke: ${took} ms`);
    });
  });
}
