// The files as the caller sees them (issue 26, parts 2 and 3), in the real VS Code with tsserver:
// a terminal agent (MCP) deletes or shortens a file and asks at once; an answer never lists a
// location in a file no longer on disk, nor a line past a file's end. Where the editor holds
// unsaved changes, the MCP caller asks and reads in the disk's lines, the chat's in the editor's,
// and both are told.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as vscode from 'vscode';
import { activateExtension, folderUri, invoke, measure, setSetting, until } from './helpers';
import { connect, mcpText } from './mcpClient';

const DIR = 'caller-gen';
const root = (): vscode.Uri => vscode.Uri.joinPath(folderUri('basic'), DIR);
const fileOf = (name: string): vscode.Uri => vscode.Uri.joinPath(root(), name);
const write = (name: string, text: string): void => fs.writeFileSync(fileOf(name).fsPath, text);

const LIB = 'export function callerShared(): number {\n  return 1;\n}\n';
const USER = (n: number): string => `import { callerShared } from './lib';\n\n\n\nexport const user${n} = callerShared();\n`;
const REFERENCES = { operation: 'findReferences', file_path: `basic/${DIR}/lib.ts`, line: 1, character: 17 };

/** Every `path:line:col` the text lists is a file on disk now, with that line in it. */
function assertOnDisk(text: string): void {
  for (const [, path, line] of text.matchAll(/^(basic\/[^:\s]+):(\d+):\d+:/gm)) {
    const file = vscode.Uri.joinPath(folderUri('basic'), path!.slice('basic/'.length)).fsPath;
    assert.ok(fs.existsSync(file), `listed, but no longer on disk: ${path}\n${text}`);
    const lines = fs.readFileSync(file, 'utf8').split('\n').length;
    assert.ok(Number(line) <= lines, `listed line ${line} is past the end of ${path} (${lines} lines)\n${text}`);
  }
}

suite('@once the files as the caller sees them', () => {
  let client: Client;
  suiteSetup(async () => {
    await activateExtension();
    await setSetting('followAlong', false);
    // A browser's VS Code (code-server here) saves after a second by default; the desktop's does not.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    fs.rmSync(root().fsPath, { recursive: true, force: true });
    fs.mkdirSync(root().fsPath, { recursive: true });
    // Its own project, so that tsserver finds the references in files no editor shows.
    write('tsconfig.json', '{ "compilerOptions": { "strict": true, "module": "commonjs" }, "include": ["*.ts"] }\n');
    write('lib.ts', LIB);
    write('use1.ts', USER(1));
    write('use2.ts', USER(2));
    write('use3.ts', USER(3));
    client = await connect('caller-view-test');
  });
  suiteTeardown(async () => {
    await client?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSetting('followAlong', undefined);
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(root().fsPath, { recursive: true, force: true });
  });

  const references = async (): Promise<string> => mcpText(await client.callTool({ name: 'lsp', arguments: REFERENCES }));

  test('a file deleted just before the call is not in the answer (2 trials)', async () => {
    await until(references, (text) => text.includes(`${DIR}/use2.ts:5:`) && text.includes(`${DIR}/use3.ts:5:`), 'the server knows use2.ts and use3.ts');
    let rawStale = 0;
    const took: number[] = [];
    for (const gone of ['use2.ts', 'use3.ts']) {
      fs.rmSync(fileOf(gone).fsPath);
      // What the provider itself says at that moment, for the record: the tool's answer must not list it.
      const raw = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', fileOf('lib.ts'), new vscode.Position(0, 16));
      if (raw.some((l) => l.uri.path.endsWith(`/${gone}`))) rawStale++;
      const started = Date.now();
      const text = await references();
      took.push(Date.now() - started);
      assert.doesNotMatch(text, new RegExp(gone.replace('.', '\\.')), `a deleted file is never listed`);
      assert.match(text, new RegExp(`^basic/${DIR}/use1\\.ts:5:22: export const user1`, 'm'), text);
      assertOnDisk(text);
    }
    measure(
      `a file deleted just before findReferences: the raw provider still listed it in ${rawStale} of 2 trials, the tool in 0; the tool's answers took ${took.join(', ')} ms`,
    );
  });

  test('a file shortened just before the call lists no line past its end', async () => {
    write('use1.ts', USER(1));
    await until(references, (text) => text.includes(`${DIR}/use1.ts:5:`), 'the server knows use1.ts');
    write('use1.ts', "import { callerShared } from './lib';\nexport const user1 = callerShared();\n");
    const text = await references();
    assertOnDisk(text);
    assert.match(text, new RegExp(`^basic/${DIR}/lib\\.ts:1:17: export function callerShared`, 'm'), text);
  });

  test("unsaved changes: MCP asks and reads in the disk's lines, the chat in the editor's, both are told", async () => {
    write('dirty.ts', 'export function callerDirty(): number {\n  return 1;\n}\nexport const viaDirty = callerDirty();\n');
    const uri = fileOf('dirty.ts');
    const editor = await vscode.window.showTextDocument(uri);
    try {
      assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), '// typed\n// in the editor\n')), 'the edit applied');
      assert.ok(editor.document.isDirty, 'unsaved');
      const asked = { operation: 'findReferences', file_path: `basic/${DIR}/dirty.ts`, line: 1, character: 17 };
      const disk = mcpText(await client.callTool({ name: 'lsp', arguments: asked }));
      assert.match(disk, new RegExp(`^basic/${DIR}/dirty\\.ts:1:17: export function callerDirty`, 'm'), disk);
      assert.match(disk, new RegExp(`^basic/${DIR}/dirty\\.ts:4:25: export const viaDirty`, 'm'), disk);
      assert.match(disk, /Note: basic\/caller-gen\/dirty\.ts has unsaved changes in the editor: positions are those of the files as they are on disk\./, disk);
      const chat = await invoke({ ...asked, line: 3 });
      assert.match(chat, new RegExp(`^basic/${DIR}/dirty\\.ts:3:17: export function callerDirty`, 'm'), chat);
      assert.match(chat, new RegExp(`^basic/${DIR}/dirty\\.ts:6:25: export const viaDirty`, 'm'), chat);
      assert.match(
        chat,
        /Note: basic\/caller-gen\/dirty\.ts has unsaved changes in the editor: positions are those of the editor's text, which is not saved to disk\./,
        chat,
      );
      const outline = mcpText(await client.callTool({ name: 'lsp_symbols', arguments: { file_path: `basic/${DIR}/dirty.ts` } }));
      assert.match(outline, new RegExp(`^basic/${DIR}/dirty\\.ts:1:17: function callerDirty`, 'm'), outline);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
