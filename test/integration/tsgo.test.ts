// TypeScript 7 (typescript-go) as a person has it after "Use TypeScript 7": js/ts.experimental.useTsgo
// on, and `tsgo --lsp --stdio` behind a client under the native preview's id
// (test/extensions/lang-tsgo), so the built-in TypeScript extension steps aside. Its own window on a
// copy of rxjs with a tsconfig TypeScript 7 accepts (@tsgo). Every tool answers from the pull-only
// client; references equal the raw provider's answer once it has settled, as sets. What an edit
// broke is asserted in languagesReach.test.ts, against tsgo --noEmit.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspQueryResult } from '../../src/engine/result';
import { activateExtension, measure, textOf, until } from './helpers';

const FILE = 'src/internal/util/isFunction.ts';

async function invokeText(tool: string, input: object): Promise<string> {
  return textOf(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token));
}

const key = (l: { uri: { toString(): string }; range: { start: { line: number; character: number } } }): string =>
  `${l.uri.toString()}:${l.range.start.line}:${l.range.start.character}`;

/** The raw provider's references, polled until the same set has held for 3 s. */
async function rawSettled(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  let last = '';
  let since = Date.now();
  let keys: string[] = [];
  while (Date.now() < deadline) {
    const raw = (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', uri, position)) ?? [];
    keys = [...new Set(raw.map(key))].sort();
    const joined = keys.join('\n');
    if (joined !== last) {
      last = joined;
      since = Date.now();
    } else if (keys.length > 0 && Date.now() - since >= 3000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return keys;
}

suite('@tsgo every tool over TypeScript 7 (tsgo --lsp, the native preview client)', function () {
  this.timeout(240_000);
  let uri: vscode.Uri;
  let position: vscode.Position;

  suiteSetup(async () => {
    await activateExtension();
    uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FILE);
    const document = await vscode.workspace.openTextDocument(uri);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('export function isFunction'));
    position = new vscode.Position(line, 'export function '.length);
  });

  test('the built-in TypeScript extension has stepped aside: tsserver is not there', async () => {
    assert.equal(vscode.workspace.getConfiguration('js/ts').get('experimental.useTsgo'), true);
    // It activates on the first TypeScript document, which suiteSetup opened.
    const active = await until(
      () => vscode.extensions.getExtension('TypeScriptTeam.native-preview')?.isActive ?? false,
      (is) => is,
      'the native preview client to activate',
      30_000,
    );
    assert.ok(active);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('typescript.tsserverRequest', 'quickinfo', { file: uri })), /not found/);
  });

  test('findReferences, cold, equals the raw provider once it has settled', async () => {
    const input = { operation: 'findReferences', file_path: FILE, line: position.line + 1, character: position.character + 1 };
    const cold = await vscode.commands.executeCommand<LspQueryResult>('lspTool.query', input);
    assert.equal(cold.kind, 'locations');
    const raw = await rawSettled(uri, position);
    const ours = cold.kind === 'locations' ? [...new Set(cold.locations.map((l) => `${l.uri}:${l.range.start.line}:${l.range.start.character}`))].sort() : [];
    measure(`TypeScript 7: references of isFunction, cold ${ours.length}, raw settled ${raw.length}`);
    assert.ok(raw.length > 20, `raw references: ${raw.length}`);
    assert.deepEqual(ours, raw);
  });

  test('goToDefinition, hover, a symbol search and the callers answer from TypeScript 7', async () => {
    const at = { file_path: FILE, line: position.line + 1, character: position.character + 1 };
    assert.match(await invokeText('lsp', { operation: 'goToDefinition', ...at }), /^src\/internal\/util\/isFunction\.ts:\d+:\d+/);
    assert.match(await invokeText('lsp', { operation: 'hover', ...at }), /isFunction\(value: any\)/);
    assert.match(await invokeText('lsp_symbols', { query: 'isFunction' }), /src\/internal\/util\/isFunction\.ts:\d+:\d+/);
    const callers = await invokeText('lsp_hierarchy', { direction: 'incomingCalls', ...at });
    measure(`TypeScript 7: callers of isFunction: ${callers.split('\n').length} lines`);
    assert.match(callers, /calls at/);
  });
});
