// lsp_rename in the real VS Code with tsserver (issue 35): over MCP as a terminal agent calls it and
// through vscode.lm.invokeTool as the chat does. Every file on disk must equal the original with the
// raw rename provider's edit applied, nothing left unsaved, no new error from tsc; the round trip
// gives the files back byte for byte; refusals change nothing, on disk or in the editor.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as vscode from 'vscode';
import { activateExtension, expectCode, expectPage, folderUri, measure, page, setSetting, textOf, until } from './helpers';
import { connect, mcpText } from './mcpClient';

const DIR = 'rename-gen';
const root = (): vscode.Uri => vscode.Uri.joinPath(folderUri('basic'), DIR);
const fileOf = (name: string): vscode.Uri => vscode.Uri.joinPath(root(), name);
const read = (name: string): string => fs.readFileSync(fileOf(name).fsPath, 'utf8');

const FILES: Record<string, string> = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "commonjs", "noEmit": true }, "include": ["*.ts"] }\n',
  'lib.ts': 'export function renameShared(value: number): number {\n  const doubled = value * 2;\n  const other = 1;\n  return doubled + other;\n}\n',
  'use1.ts': "import { renameShared } from './lib';\n\nexport const first = renameShared(1);\n",
  'use2.ts': "import { renameShared } from './lib';\n\nexport const second = renameShared(2) + renameShared(3);\n",
};
const ARGS = { file_path: `basic/${DIR}/lib.ts`, line: 1, character: 17 };

/** tsc over the folder: its errors as `file:line: message`. */
function tscErrors(): string[] {
  const tsc = path.join(__dirname, '..', '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: root().fsPath, encoding: 'utf8' });
    return [];
  } catch (err) {
    const out = String((err as { stdout?: string }).stdout ?? '');
    return out.split('\n').filter((l) => /error TS/.test(l));
  }
}

/** The text of each file with the raw provider's edit for `newName` at `position` of `file` applied (the editor untouched). */
async function rawRename(file: string, position: vscode.Position, newName: string): Promise<Map<string, string>> {
  const document = await vscode.workspace.openTextDocument(fileOf(file));
  const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, newName);
  const expected = new Map<string, string>();
  for (const [uri, edits] of edit.entries()) {
    const text = fs.readFileSync(uri.fsPath, 'utf8');
    const lines = text.split('\n');
    const offset = (p: vscode.Position): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    let out = text;
    for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
      out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
    }
    expected.set(path.basename(uri.fsPath), out);
  }
  return expected;
}

/** Every file as FILES has it, on disk and in the editor, and tsserver seeing it so: each test starts there. */
async function reset(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(root().fsPath))) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  for (const [name, text] of Object.entries(FILES)) if (read(name) !== text) fs.writeFileSync(fileOf(name).fsPath, text);
  for (const name of Object.keys(FILES)) {
    await until(
      () => vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fileOf(name).fsPath)?.getText() ?? FILES[name],
      (text) => text === FILES[name],
      `the editor shows ${name} as written`,
    );
  }
  await until(
    async () =>
      (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', fileOf('lib.ts'), new vscode.Position(0, 17))).length,
    (n) => n === 6,
    'tsserver sees the files as written',
  );
}

function unsavedIn(): string[] {
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(root().fsPath)).map((d) => path.basename(d.uri.fsPath));
}

suite('lsp_rename: the first tool that writes', () => {
  let client: Client;
  suiteSetup(async () => {
    await activateExtension();
    await setSetting('followAlong', false);
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    fs.rmSync(root().fsPath, { recursive: true, force: true });
    fs.mkdirSync(root().fsPath, { recursive: true });
    for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(fileOf(name).fsPath, text);
    client = await connect('rename-test');
    // The project loaded: the references reach both users.
    await until(
      async () => textOf(await vscode.lm.invokeTool('lsp', { input: { operation: 'findReferences', ...ARGS }, toolInvocationToken: undefined })),
      (text) => text.includes('use1.ts') && text.includes('use2.ts'),
      'tsserver knows the project',
      30_000,
    );
  });
  setup(reset);
  suiteTeardown(async () => {
    await client?.close();
    await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSetting('followAlong', undefined);
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(root().fsPath, { recursive: true, force: true });
  });

  test('the MCP listing marks it as writing, and the tools that read as read-only', async () => {
    const { tools } = await client.listTools();
    const rename = tools.find((t) => t.name === 'lsp_rename');
    assert.deepEqual(
      { ...rename?.annotations, title: undefined },
      { title: undefined, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    );
    for (const tool of tools.filter((t) => t.name !== 'lsp_rename')) assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
  });

  test('lspTool.writingTools off: not listed over MCP, a call refused on both transports, nothing changed', async () => {
    // That the chat does not offer it (its when clause) is checked where the chat's offer can be read: copilot.test.ts.
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    await setSetting('writingTools', false);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['lsp', 'lsp_symbols', 'lsp_hierarchy', 'lsp_diagnostics'],
      );
      const result = await client.callTool({ name: 'lsp_rename', arguments: { ...ARGS, new_name: 'neverApplied' } });
      assert.equal(result.isError, true);
      assert.match(mcpText(result), /^LSP_WRITING_DISABLED: lsp_rename changes files, and writing is off here/);
      await expectCode(
        Promise.resolve(vscode.lm.invokeTool('lsp_rename', { input: { ...ARGS, new_name: 'neverApplied' }, toolInvocationToken: undefined })),
        'LSP_WRITING_DISABLED',
      );
      for (const [name, content] of before) assert.equal(read(name), content, `${name} on disk`);
      assert.deepEqual(unsavedIn(), []);
    } finally {
      await setSetting('writingTools', undefined);
    }
    assert.ok(
      (await client.listTools()).tools.some((t) => t.name === 'lsp_rename'),
      'listed again once writing is back on',
    );
  });

  test('over MCP: every file on disk is the raw edit applied, saved, tsc clean; renamed back, byte for byte', async () => {
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    const expected = await rawRename('lib.ts', new vscode.Position(0, 17), 'renamedShared');
    assert.equal(expected.size, 3, 'the raw edit reaches three files');
    const started = Date.now();
    const text = mcpText(await client.callTool({ name: 'lsp_rename', arguments: { ...ARGS, new_name: 'renamedShared' } }));
    const took = Date.now() - started;
    assert.match(text, /^Renamed `renameShared` to `renamedShared`: 6 edits in 3 files\.$/m, text);
    assert.match(text, /^The rename broke nothing/m, text);
    for (const [name, content] of expected) assert.equal(read(name), content, `${name} on disk`);
    assert.deepEqual(unsavedIn(), [], 'nothing left unsaved');
    assert.deepEqual(tscErrors(), [], 'tsc finds no error');
    // Back: every file as it was.
    await until(
      async () =>
        (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', fileOf('lib.ts'), new vscode.Position(0, 17))).length,
      (n) => n === 6,
      'the server sees the renamed files',
    );
    const back = mcpText(await client.callTool({ name: 'lsp_rename', arguments: { ...ARGS, new_name: 'renameShared' } }));
    assert.match(back, /^Renamed `renamedShared` to `renameShared`: 6 edits in 3 files\.$/m, back);
    for (const [name, content] of before) assert.equal(read(name), content, `${name} back byte for byte`);
    assert.deepEqual(unsavedIn(), []);
    measure(`lsp_rename over MCP, 6 edits in 3 files, with the check of what it broke: ${took} ms`);
  });

  test('through vscode.lm.invokeTool: the same edit, saved', async () => {
    const expected = await rawRename('lib.ts', new vscode.Position(0, 17), 'chatRenamed');
    const text = textOf(await vscode.lm.invokeTool('lsp_rename', { input: { ...ARGS, new_name: 'chatRenamed' }, toolInvocationToken: undefined }));
    assert.match(text, /^Renamed `renameShared` to `chatRenamed`: 6 edits in 3 files\.$/m, text);
    for (const [name, content] of expected) assert.equal(read(name), content, `${name} on disk`);
    assert.deepEqual(unsavedIn(), []);
    const back = textOf(await vscode.lm.invokeTool('lsp_rename', { input: { ...ARGS, new_name: 'renameShared' }, toolInvocationToken: undefined }));
    assert.match(back, /^Renamed `chatRenamed` to `renameShared`/m, back);
    assert.equal(read('lib.ts'), FILES['lib.ts']);
  });

  test('a rename that breaks the code lists the errors tsc finds', async () => {
    // `doubled` renamed to `other`, a name the scope already declares.
    const text = mcpText(
      await client.callTool({ name: 'lsp_rename', arguments: { file_path: `basic/${DIR}/lib.ts`, line: 2, character: 9, new_name: 'other' } }),
    );
    const tsc = tscErrors();
    assert.ok(tsc.length > 0, 'tsc finds the clash');
    assert.match(text, /^The rename caused \d+ new errors?:$/m, text);
    for (const error of tsc) {
      const [, line] = /\((\d+),\d+\)/.exec(error) ?? [];
      assert.match(text, new RegExp(`^basic/${DIR}/lib\\.ts:${line}:\\d+: error `, 'm'), `tsc's ${error} is listed\n${text}`);
    }
  });

  test('a position on a keyword is refused with the server reason, and nothing changes', async () => {
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    const result = await client.callTool({ name: 'lsp_rename', arguments: { file_path: `basic/${DIR}/lib.ts`, line: 4, character: 3, new_name: 'whatever' } });
    assert.equal(result.isError, true);
    assert.match(mcpText(result), /^LSP_RENAME_REFUSED: .*Nothing was changed/);
    for (const [name, content] of before) assert.equal(read(name), content);
    assert.deepEqual(unsavedIn(), []);
  });

  test('a touched file with unsaved changes: refused over MCP, nothing changed on disk or in the editor', async () => {
    const document = await vscode.workspace.openTextDocument(fileOf('use2.ts'));
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((b) => b.insert(new vscode.Position(1, 0), '// unsaved\n'));
    const edited = document.getText();
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    const result = await client.callTool({ name: 'lsp_rename', arguments: { ...ARGS, new_name: 'neverApplied' } });
    assert.equal(result.isError, true);
    assert.match(mcpText(result), /^LSP_UNSAVED_CHANGES: basic\/rename-gen\/use2\.ts has unsaved changes/);
    for (const [name, content] of before) assert.equal(read(name), content, `${name} on disk`);
    assert.equal(document.getText(), edited, "the editor's text");
    assert.deepEqual(unsavedIn(), ['use2.ts']);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Undo puts every file back as it was, on disk and in the editor', async () => {
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    const renamed = textOf(await vscode.lm.invokeTool('lsp_rename', { input: { ...ARGS, new_name: 'undoneName' }, toolInvocationToken: undefined }));
    assert.match(renamed, /: 6 edits in 3 files\./);
    assert.match(read('use1.ts'), /undoneName/);
    await vscode.commands.executeCommand('lspTool.undo');
    for (const [name, content] of before) assert.equal(read(name), content, `${name} on disk`);
    for (const name of before.keys()) {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fileOf(name).fsPath);
      if (document !== undefined) assert.equal(document.getText(), before.get(name), `${name} in the editor`);
    }
    assert.deepEqual(unsavedIn(), []);
  });

  test("the card's Undo button puts every file back, on disk and in the editor, once", async () => {
    await vscode.commands.executeCommand('lspTool.showCard');
    const before = new Map(Object.keys(FILES).map((name) => [name, read(name)]));
    const renamed = mcpText(await client.callTool({ name: 'lsp_rename', arguments: { ...ARGS, new_name: 'cardUndone' } }));
    assert.match(renamed, /: 6 edits in 3 files\./, renamed);
    assert.match(read('use2.ts'), /cardUndone/);
    const [title] = await expectPage('.card-title', { text: 'cardUndone', timeoutMs: 15_000 });
    assert.match(title!, /: Rename \w+ to cardUndone$/, "the client's name, then the rename in words");
    // The button shows on the rename's card only: visible, it is the one a person clicks.
    await expectPage('#undo:not([hidden])', { timeoutMs: 5000 });
    await page('click', { selector: '#undo:not([hidden])' });
    await until(
      () => [...before].filter(([name, content]) => read(name) !== content),
      (left) => left.length === 0,
      'every file back on disk',
      30_000,
    );
    for (const name of before.keys()) {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fileOf(name).fsPath);
      if (document !== undefined)
        await until(
          () => document.getText(),
          (text) => text === before.get(name),
          `${name} back in the editor`,
        );
    }
    // The click's undo runs on its own: its last save may land after the disk shows it.
    await until(unsavedIn, (left) => left.length === 0, 'nothing left unsaved');
    // Once: the button is gone, and the command finds nothing more of this rename to undo.
    assert.equal((await page<{ count: number }>('query', { selector: '#undo:not([hidden])', timeoutMs: 0, min: 1 })).count, 0, 'the Undo button hides');
  });
});
