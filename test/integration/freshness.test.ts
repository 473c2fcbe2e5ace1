// What the tool keeps between queries (resolved file_paths, source lines for previews) never
// outlives a change on disk: each case changes a file behind VS Code's back (Node's fs, as a build
// or another process would) and asks again at once. The folder is excluded from file watching
// (files.watcherExclude), so no watcher event can stand in for the checks the tool itself makes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { activateExtension, expectCode, folderUri, invoke, setSetting } from './helpers';

const DIR = 'cache-gen';

function uriIn(folder: string, ...segments: string[]): vscode.Uri {
  return vscode.Uri.joinPath(folderUri(folder), DIR, ...segments);
}

function write(uri: vscode.Uri, text: string): void {
  fs.mkdirSync(vscode.Uri.joinPath(uri, '..').fsPath, { recursive: true });
  fs.writeFileSync(uri.fsPath, text);
}

function removeGenerated(): void {
  for (const folder of ['basic', 'second']) fs.rmSync(vscode.Uri.joinPath(folderUri(folder), DIR).fsPath, { recursive: true, force: true });
}

suite('@once freshness: nothing kept between queries outlives a change on disk', () => {
  suiteSetup(async () => {
    await activateExtension();
    removeGenerated();
    await setSetting('followAlong', false);
    await vscode.workspace.getConfiguration('files').update('watcherExclude', { [`**/${DIR}/**`]: true }, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await setSetting('followAlong', undefined);
    await vscode.workspace.getConfiguration('files').update('watcherExclude', undefined, vscode.ConfigurationTarget.Global);
    removeGenerated();
  });

  test('a preview shows a file rewritten on disk with the same size', async () => {
    const target = uriIn('basic', 'target.ts');
    write(target, 'export function cacheTarget(): number { return 1; }\n');
    write(uriIn('basic', 'user.ts'), "import { cacheTarget } from './target';\nexport const used = cacheTarget();\n");
    const input = { operation: 'goToDefinition', file_path: `basic/${DIR}/user.ts`, line: 2, character: 21 };
    assert.equal(await invoke(input), `basic/${DIR}/target.ts:1:17: export function cacheTarget(): number { return 1; }`);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === target.toString()), 'target.ts is read from disk, not an open document');
    // Same length, so only the file's times tell the two contents apart.
    write(target, 'export function cacheTarget(): number { return 2; }\n');
    assert.equal(await invoke(input), `basic/${DIR}/target.ts:1:17: export function cacheTarget(): number { return 2; }`);
  });

  test('a file deleted after it was queried is not found at once', async () => {
    const file = uriIn('basic', 'gone.ts');
    write(file, 'export const gone = 1;\n');
    const input = { operation: 'hover', file_path: `basic/${DIR}/gone.ts`, line: 1, character: 14 };
    assert.match(await invoke(input), /gone/);
    fs.rmSync(file.fsPath);
    await expectCode(invoke(input), 'LSP_FILE_NOT_FOUND');
  });

  test('a file that grows past the size limit after it was queried is refused at once', async () => {
    const file = uriIn('basic', 'grows.ts');
    const head = 'export const grows = 1;\n';
    write(file, head);
    const input = { operation: 'hover', file_path: `basic/${DIR}/grows.ts`, line: 1, character: 14 };
    assert.match(await invoke(input), /grows/);
    write(file, head + ' '.repeat(4_100_000));
    await expectCode(invoke(input), 'LSP_FILE_TOO_LARGE');
  });

  test('a path that becomes ambiguous when another folder gains the file is refused at once', async () => {
    write(uriIn('basic', 'twice.ts'), 'export const twice = 1;\n');
    const input = { operation: 'hover', file_path: `${DIR}/twice.ts`, line: 1, character: 14 };
    assert.match(await invoke(input), /twice/);
    write(uriIn('second', 'twice.ts'), 'export const twice = 2;\n');
    await expectCode(invoke(input), 'LSP_AMBIGUOUS_PATH', /basic\/cache-gen\/twice\.ts, second\/cache-gen\/twice\.ts/);
  });
});
