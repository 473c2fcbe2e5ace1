// lsp_symbols in the real VS Code against the real TypeScript server, on the multi-root fixture.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspSymbol, SymbolsResult } from '../../src/engine/result';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, activeAt, expectCode, expectPage, EXTENSION_ID, folderUri, page, pageTexts, setSetting, textOf, until } from './helpers';

async function symbols(input: object, token = new vscode.CancellationTokenSource().token): Promise<string> {
  return textOf(await vscode.lm.invokeTool('lsp_symbols', { input, toolInvocationToken: undefined }, token));
}

async function querySymbols(input: object): Promise<SymbolsResult> {
  return vscode.commands.executeCommand<SymbolsResult>('lspTool.querySymbols', input);
}

function flatten(list: readonly LspSymbol[]): LspSymbol[] {
  return list.flatMap((s) => [s, ...flatten(s.children ?? [])]);
}

suite('lsp_symbols tool', () => {
  suiteSetup(activateExtension);
  teardown(async () => {
    for (const key of ['maxLocations', 'maxResultChars', 'timeoutMs', 'outsideWorkspace']) await setSetting(key, undefined);
  });

  test('the tool is listed in vscode.lm.tools with its optional query and file_path', () => {
    const tool = vscode.lm.tools.find((t) => t.name === 'lsp_symbols');
    assert.ok(tool, 'lsp_symbols is registered');
    const schema = tool.inputSchema as { required: string[]; properties: Record<string, { type: string }> };
    assert.deepEqual(schema.required, []);
    assert.equal(schema.properties.query?.type, 'string');
    assert.equal(schema.properties.file_path?.type, 'string');
  });

  test('a class by name, at its name, not its declaration', async () => {
    const text = await symbols({ query: 'Square' });
    assert.equal(text.split('\n')[0], 'basic/src/shapes.ts:14:14: class Square');
  });

  test('an interface, and its method with its container', async () => {
    assert.equal((await symbols({ query: 'Shape' })).split('\n')[0], 'basic/src/shapes.ts:1:18: interface Shape');
    const area = (await symbols({ query: 'area' })).split('\n');
    assert.ok(area.includes('basic/src/shapes.ts:2:3: method area in Shape'), area.join('\n'));
  });

  test('a function, printed by its plain name', async () => {
    assert.equal((await symbols({ query: 'totalArea' })).split('\n')[0], 'basic/src/geometry.ts:3:17: function totalArea');
  });

  test('several matches come ranked: exact names before names that contain the query', async () => {
    const lines = (await symbols({ query: 'area' })).split('\n');
    const exact = lines.filter((l) => / area( in |$)/.test(l));
    assert.equal(exact.length, 3, lines.join('\n'));
    assert.deepEqual(lines.slice(0, 3), exact, 'the three methods named area first');
    const total = lines.findIndex((l) => l.endsWith('function totalArea'));
    assert.ok(total > 2, `totalArea after the exact matches:\n${lines.join('\n')}`);
  });

  test("a file's outline nests members under their class, two spaces a level", async () => {
    const lines = (await symbols({ file_path: 'basic/src/shapes.ts' })).split('\n');
    assert.equal(lines[0], 'basic/src/shapes.ts:1:18: interface Shape');
    assert.ok(lines.includes('  basic/src/shapes.ts:2:3: method area'), lines.join('\n'));
    assert.ok(lines.includes('basic/src/shapes.ts:6:14: class Circle'), lines.join('\n'));
    assert.ok(lines.includes('  basic/src/shapes.ts:9:3: method area'), lines.join('\n'));
    const square = lines.indexOf('basic/src/shapes.ts:14:14: class Square');
    assert.ok(square > 0 && lines[square + 1]!.startsWith('  '), lines.join('\n'));
  });

  test('a file-scoped query keeps the matches and the symbols they are in', async () => {
    const lines = (await symbols({ file_path: 'basic/src/shapes.ts', query: 'area' })).split('\n');
    assert.deepEqual(lines, [
      'basic/src/shapes.ts:1:18: interface Shape',
      '  basic/src/shapes.ts:2:3: method area',
      'basic/src/shapes.ts:6:14: class Circle',
      '  basic/src/shapes.ts:9:3: method area',
      'basic/src/shapes.ts:14:14: class Square',
      '  basic/src/shapes.ts:17:3: method area',
    ]);
  });

  test("every position in an outline answers goToDefinition with that symbol's own declaration", async () => {
    const result = await querySymbols({ file_path: 'basic/src/shapes.ts' });
    const all = flatten(result.symbols);
    assert.ok(all.length >= 10, `${all.length} symbols`);
    for (const symbol of all) {
      const { line, character } = symbol.selectionRange.start;
      const answer = await vscode.commands.executeCommand<{
        kind: string;
        locations: { uri: string; range: { start: { line: number; character: number } } }[];
      }>('lspTool.query', { operation: 'goToDefinition', file_path: symbol.uri, line: line + 1, character: character + 1 });
      const own = answer.locations.some((l) => l.uri === symbol.uri && l.range.start.line === line && l.range.start.character === character);
      assert.ok(own, `${symbol.kind} ${symbol.name} at ${line + 1}:${character + 1} -> ${JSON.stringify(answer.locations)}`);
    }
  });

  test('the structured twin: zero-based, uncapped, kinds lower-case, children only in outlines', async () => {
    await setSetting('maxLocations', 1);
    const found = await querySymbols({ query: 'area' });
    assert.equal(found.kind, 'symbols');
    assert.ok(found.symbols.length >= 4, 'uncapped');
    assert.ok(found.symbols.every((s) => s.children === undefined));
    const square = (await querySymbols({ query: 'Square' })).symbols[0]!;
    assert.equal(square.kind, 'class');
    assert.deepEqual(square.selectionRange.start, { line: 13, character: 13 });
    assert.deepEqual(square.range.start, { line: 13, character: 0 }, 'the declaration starts at export');
    assert.equal(square.uri, vscode.Uri.joinPath(folderUri('basic'), 'src', 'shapes.ts').toString());
  });

  test('caps: maxLocations counts symbols, with the omission marker; maxResultChars bounds the text', async () => {
    await setSetting('maxLocations', 2);
    const capped = (await symbols({ file_path: 'basic/src/shapes.ts' })).split('\n');
    assert.equal(capped.length, 3);
    assert.match(capped[2]!, /^… \d+ more symbols omitted \(limit 2\)\.$/);
    await setSetting('maxLocations', undefined);
    await setSetting('maxResultChars', 80);
    const cut = await symbols({ file_path: 'basic/src/shapes.ts' });
    assert.ok(cut.length <= 80, cut);
    assert.match(cut, /… symbols truncated \(limit 80 characters\)\.$/);
  });

  test('@once no match for a qualified name says to search for its last part', async () => {
    assert.equal(
      await symbols({ query: 'Square.area' }),
      'No results.\nNote: nothing is named "Square.area": the search matches one name, not a qualified one. Search for "area".',
    );
  });

  test('errors: neither field, a bad file_path, a file outside the workspace under deny', async () => {
    await expectCode(symbols({}), 'LSP_INVALID_ARGUMENT', /pass "query" \(a symbol name\), "file_path" \(a file to outline\), or both/);
    await expectCode(symbols({ file_path: 'basic/src/nope.ts' }), 'LSP_FILE_NOT_FOUND');
    await setSetting('outsideWorkspace', 'deny');
    const outside = vscode.Uri.joinPath(folderUri('basic'), '..', '..', 'extensions', 'fault-provider', 'extension.js');
    await expectCode(symbols({ file_path: outside.fsPath }), 'LSP_OUTSIDE_WORKSPACE_DENIED');
  });

  test('cancellation and timeout', async () => {
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    // invokeTool itself refuses a cancelled token; the extension API reaches the engine.
    const api = vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
    await expectCode(api.symbols({ query: 'Square' }, source.token), 'LSP_CANCELLED');
    await setSetting('timeoutMs', 1);
    await expectCode(symbols({ file_path: 'basic/src/counter.ts' }), 'LSP_TIMEOUT', /timed out after 1ms/);
  });

  test('a language without a symbol provider gets the no-provider note, within the budget', async () => {
    await setSetting('timeoutMs', 8000);
    const started = Date.now();
    const text = await symbols({ file_path: 'basic/notes.txt' });
    assert.equal(
      text,
      'No results.\nNote: no language provider answered for language id "plaintext". Install an extension with language features for it, or use text search.',
    );
    assert.ok(Date.now() - started < 8000, 'answered before the budget ran out');
  });
});

const fixture = (...parts: string[]) => vscode.Uri.joinPath(folderUri('basic'), ...parts);
const MODEL = { vendor: 'lsp-test', id: 'scripted' };

suite('lsp_symbols in the card and the palette', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });

  test("LSP: Find Symbol… shows the matches with their kind's codicon; a click opens the name", async () => {
    await vscode.commands.executeCommand('lspTool.findSymbol', 'Square');
    await expectPage('.card-title', { text: 'Symbols matching Square' });
    const rows = await pageTexts('.symbol-row');
    assert.ok(rows[0]!.includes('Square') && rows[0]!.includes('basic/src/shapes.ts:14:14'), rows.join('\n'));
    const icon = await page<{ value: string }>('evaluateInFrame', {
      selector: '#content',
      expression: 'document.querySelector(".symbol-row .codicon").className',
    });
    assert.equal(icon.value, 'codicon codicon-symbol-class');
    await page('click', { selector: '.symbol-row', nth: 0 });
    await until(() => activeAt('/basic/src/shapes.ts', 14, 14), Boolean, "editor at class Square's name");
  });

  test('LSP: Show Outline shows the active file indented; Enter opens a member', async () => {
    await vscode.window.showTextDocument(fixture('src', 'shapes.ts'));
    await vscode.commands.executeCommand('lspTool.showOutline');
    await expectPage('.card-title', { text: 'Outline of basic/src/shapes.ts' });
    const rows = await pageTexts('.symbol-row');
    assert.ok(rows.length >= 10, rows.join('\n'));
    const indents = await page<{ value: string[] }>('evaluateInFrame', {
      selector: '#content',
      expression: '[...document.querySelectorAll(".symbol-row")].slice(0, 2).map((r) => r.style.paddingLeft)',
    });
    assert.deepEqual(indents.value, ['8px', '24px'], 'the method is one level in');
    await page('focus', { selector: '.symbol-row', nth: 0 });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'Enter' });
    await until(() => activeAt('/basic/src/shapes.ts', 2, 3), Boolean, 'editor at Shape.area');
  });

  test('a tool call shows its symbols in the card, and back returns to the previous query', async () => {
    await symbols({ query: 'totalArea' });
    await vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports.followAlongSettled();
    await expectPage('.card-title', { text: 'Symbols matching totalArea' });
    await until(() => activeAt('/basic/src/geometry.ts', 3, 17), Boolean, 'follow-along at totalArea');
    await page('click', { selector: '#back' });
    await expectPage('.card-title', { text: 'Outline of basic/src/shapes.ts' });
  });
});

suite('@chat @lsp /symbols and /outline', () => {
  suiteSetup(activateExtension);

  test('/symbols lists the matches as anchors grouped by file', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /symbols area', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'basic/src/shapes.ts (3)', timeoutMs: 60_000 });
    for (const expected of ['method area in Shape', 'function totalArea', 'basic/src/geometry.ts (1)'])
      assert.ok(response!.includes(expected), `${expected} in ${response}`);
    const anchors = await pageTexts('.interactive-response a', { text: 'shapes.ts' });
    assert.ok(anchors.length >= 3, anchors.join('\n'));
  });

  test('/outline with a path outlines that file', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /outline basic/src/geometry.ts', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'function totalArea', timeoutMs: 60_000 });
    assert.ok(response!.includes('constant UNIT') || response!.includes('variable UNIT'), response);
  });
});
