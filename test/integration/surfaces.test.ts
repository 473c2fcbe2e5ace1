import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import {
  activateExtension,
  activeAt,
  expectCardCall,
  expectPage,
  EXTENSION_ID,
  folderUri,
  invoke,
  measure,
  openAt,
  page,
  pageTexts,
  setSetting,
  until,
} from './helpers';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const fixture = (...parts: string[]) => vscode.Uri.joinPath(folderUri('basic'), ...parts);
const MODEL = { vendor: 'lsp-test', id: 'scripted' };

async function cardTitle(text: string): Promise<string> {
  const [title] = await pageTexts('.card-title', { text, timeoutMs: 15_000 });
  assert.ok(title, `card title containing ${text}`);
  return title;
}

/** Runs a palette command at a position and waits until the card has painted the rows of its answer. */
async function cardShowsRows(command: string, uri: vscode.Uri, line: number, character: number): Promise<void> {
  const rendered = new Promise<void>((resolve) => {
    const sub = api().card.onDidRender((m) => {
      if (m.rows > 0) {
        sub.dispose();
        resolve();
      }
    });
  });
  await openAt(uri, line, character);
  await vscode.commands.executeCommand(command);
  await rendered;
}

/** The card on findReferences at geometry.ts:3:17 (totalArea): 7 rows in 3 files. Each test that reads it shows it itself. */
const showTotalAreaReferences = () => cardShowsRows('lspTool.findReferences', fixture('src', 'geometry.ts'), 3, 17);

suite('search card, commands and follow-along', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });
  teardown(() => setSetting('followAlong', undefined));

  test('a palette command fills the card: title, groups and counts', async () => {
    await showTotalAreaReferences();
    assert.equal(await cardTitle('References to'), 'References to totalArea');
    assert.deepEqual(await pageTexts('.card-title code'), ['totalArea'], 'the name is drawn as code');
    const tooltip = (await page<{ value: string }>('evaluateInFrame', { selector: '#title', expression: 'document.getElementById("title").title' })).value;
    assert.equal(tooltip, 'References to totalArea\nLSP findReferences basic/src/geometry.ts:3:17', 'the title, then the call as the tool got it');
    assert.deepEqual(await pageTexts('.group-path'), ['basic/src/geometry.ts', 'basic/src/main.ts', 'basic/src/unicode.ts']);
    assert.deepEqual(await pageTexts('.group-header .count'), ['1', '3', '3']);
    assert.deepEqual(await pageTexts('.summary'), ['7 results in 3 files']);
    const rows = await pageTexts('.row');
    assert.equal(rows.length, 7);
    assert.ok(rows[1]!.startsWith('2:10') && rows[1]!.includes("import { totalArea, UNIT } from './geometry';"), rows[1]);
    await page('screenshot', { name: 'card', selector: '#workbench\\.parts\\.panel' });
  });

  test('clicking a row moves the active editor and selection there', async () => {
    await showTotalAreaReferences();
    await page('click', { selector: '.row', nth: 2 });
    await until(() => activeAt('/basic/src/main.ts', 5, 13), Boolean, 'editor at main.ts:5:13');
  });

  test('arrow keys and Enter open the focused row', async () => {
    await showTotalAreaReferences();
    await page('focus', { selector: '.row', nth: 0 });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'Enter' });
    await until(() => activeAt('/basic/src/main.ts', 6, 13), Boolean, 'editor at main.ts:6:13');
  });

  test('a single definition from the palette opens directly', async () => {
    await openAt(fixture('src', 'main.ts'), 5, 13);
    await vscode.commands.executeCommand('lspTool.goToDefinition');
    await until(() => activeAt('/basic/src/geometry.ts', 3, 17), Boolean, 'editor at the definition');
  });

  test('with no editor (a walkthrough in front), a palette command asks for the symbol by name: one declaration is taken, several are picked from', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const byName = vscode.commands.executeCommand('lspTool.findReferences');
    await expectPage('.quick-input-widget input', { timeoutMs: 10_000 });
    await page('type', { text: 'totalArea' });
    await page('press', { key: 'Enter' });
    await byName;
    await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
    assert.deepEqual(await pageTexts('.summary', { text: 'results' }), ['7 results in 3 files']);

    // `area` declares three members: the person picks one, by its position.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const picked = vscode.commands.executeCommand('lspTool.findReferences');
    await expectPage('.quick-input-widget input', { timeoutMs: 10_000 });
    await page('type', { text: 'area' });
    await page('press', { key: 'Enter' });
    const rows = await expectPage('.quick-input-list .monaco-list-row', { text: 'basic/src/shapes.ts:', min: 3, timeoutMs: 30_000 });
    assert.equal(rows.length, 3, JSON.stringify(rows));
    for (const where of ['basic/src/shapes.ts:2:3', 'basic/src/shapes.ts:9:3', 'basic/src/shapes.ts:17:3'])
      assert.ok(
        rows.some((row) => row.includes(where)),
        `${where} in ${JSON.stringify(rows)}`,
      );
    await page('type', { text: 'shapes.ts:9:3' });
    await page('press', { key: 'Enter' });
    await picked;
    await expectCardCall('LSP findReferences basic/src/shapes.ts:9:3');
  });

  test('follow-along keeps the page in front: a walkthrough opened as a preview stays open beside the revealed answer', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#lspTool.gettingStarted`, false);
    // The walkthrough's tab: an input the API does not name, opened as a preview, the one a preview editor would replace.
    const walkthrough = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input === undefined);
    await until(
      () => vscode.window.tabGroups.activeTabGroup.activeTab?.input === undefined && walkthrough()?.isPreview,
      Boolean,
      'the walkthrough in front, a preview',
    );
    // An agent's call, as from the chat: the focus stays where it is, and follow-along reveals the answer.
    await invoke({ operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 });
    await api().followAlongSettled();
    const tabs = JSON.stringify(vscode.window.tabGroups.all.map((group) => group.tabs.map((tab) => `${tab.label}${tab.isPreview ? ' (preview)' : ''}`)));
    assert.equal(walkthrough()?.isPreview, false, `the walkthrough is open and kept: ${tabs}`);
    assert.ok(
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.path.endsWith('/basic/src/geometry.ts')),
      `follow-along revealed geometry.ts: ${tabs}`,
    );
    // The walkthrough, in front, would take the keyboard from the next tests' boxes.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('hover shows sanitised markdown; back and forward restore earlier results', async () => {
    // The history it goes back through: findReferences, then goToDefinition, each on the card before the next.
    await showTotalAreaReferences();
    await openAt(fixture('src', 'main.ts'), 5, 13);
    await vscode.commands.executeCommand('lspTool.goToDefinition');
    await api().followAlongSettled();
    await cardTitle('Definition of totalArea');
    await openAt(fixture('src', 'geometry.ts'), 3, 17);
    await vscode.commands.executeCommand('lspTool.hover');
    await cardTitle('Hover on totalArea');
    const [code] = await pageTexts('.hover pre code');
    assert.match(code!, /function totalArea\(shapes: Shape\[\]\): number/);
    await page('click', { selector: '#back' });
    await cardTitle('Definition of totalArea');
    await page('click', { selector: '#back' });
    await cardTitle('References to totalArea');
    assert.deepEqual(await pageTexts('.summary'), ['7 results in 3 files']);
    await page('click', { selector: '#forward' });
    await page('click', { selector: '#forward' });
    await cardTitle('Hover on totalArea');
  });

  test('empty states are distinct', async () => {
    await openAt(fixture('src', 'main.ts'), 4, 14);
    await vscode.commands.executeCommand('lspTool.findReferences');
    await expectPage('.empty-results', { text: 'No results.' });
    await vscode.commands.executeCommand('lspTool.hover');
    await expectPage('.empty-hover', { text: 'No hover information.' });
  });

  test('follow-along: a tool call reveals the queried line and keyboard focus stays where it was', async () => {
    await openAt(fixture('src', 'main.ts'), 1, 1);
    // The search view's input: a focus target every VS Code version we test has (chat is newer).
    await vscode.commands.executeCommand('workbench.view.search.focus');
    const before = await until(
      () => page<{ part: string | null }>('activeElement'),
      (a) => String(a.part).includes('sidebar'),
      'focus in the search view',
    );
    await invoke({ operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 });
    await api().followAlongSettled();
    await until(() => activeAt('/basic/src/geometry.ts', 3, 17), Boolean, 'editor at the queried line');
    const after = await page<{ part: string | null }>('activeElement');
    assert.equal(after.part, before.part, 'keyboard focus did not move');
    await cardTitle('References to totalArea');
    await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
  });

  test('follow-along off: nothing in the editor moves', async () => {
    await setSetting('followAlong', false);
    await openAt(fixture('src', 'main.ts'), 2, 1);
    await invoke({ operation: 'hover', file_path: 'basic/src/shapes.ts', line: 1, character: 18 });
    await api().followAlongSettled();
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(activeAt('/basic/src/main.ts', 2, 1), 'the editor stayed where it was');
  });

  test('@once a large result: 5,000 locations render and the first rows are clickable', async () => {
    const rendered = new Promise<{ id: number; rows: number; firstPaintMs: number }>((resolve) => {
      const sub = api().card.onDidRender((m) => {
        if (m.rows > 0) {
          sub.dispose();
          resolve(m);
        }
      });
    });
    const started = Date.now();
    await invoke({ operation: 'findReferences', file_path: 'basic/fault/many.lspfault', line: 1, character: 1 });
    const metrics = await rendered;
    const total = await until(
      async () => (await page<{ value: number }>('evaluateInFrame', { selector: '#content', expression: 'document.querySelectorAll(".row").length' })).value,
      (n) => n === 5000,
      'all 5,000 rows',
      30_000,
    );
    assert.equal(total, 5000);
    measure(
      `card first paint for 5,000 locations: ${metrics.firstPaintMs.toFixed(1)}ms in the webview (${metrics.rows} rows in the first chunk); all rows in ${Date.now() - started}ms from the call`,
    );
    assert.deepEqual(await pageTexts('.summary'), ['5000 results in 1 file']);
    await page('click', { selector: '.row', nth: 1 });
    await until(() => activeAt('/basic/fault/many.lspfault', 2, 1), Boolean, 'editor at row 2');
  });
});

suite('@chat @lsp chat participant', () => {
  suiteSetup(activateExtension);
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}` });
  });

  test('/references with path:line:character streams the locations, and the tool call shows in chat', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /references basic/src/geometry.ts:3:17', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: '7 locations', timeoutMs: 60_000 });
    assert.ok(response, 'a response with the locations');
    for (const expected of [
      'basic/src/geometry.ts (1)',
      'basic/src/main.ts (3)',
      'basic/src/unicode.ts (3)',
      '5:13  console.log(totalArea(shapes));',
      '4:56',
    ]) {
      assert.ok(response.includes(expected), `${expected} in ${response}`);
    }
    const anchors = await pageTexts('.interactive-response a', { text: 'main.ts' });
    assert.equal(anchors.length, 3, 'each location is an anchor');
    // The tool's invocation message shows as a step only when it was called with the request's chat token.
    await page('click', { selector: '.interactive-response :text("Completed")', dispatch: true });
    await expectPage('.interactive-response', { text: 'LSP findReferences basic/src/geometry.ts:3:17' });
    await page('screenshot', { name: 'chat', selector: '#workbench\\.parts\\.auxiliarybar' });
  });

  test('a symbol name resolves through the workspace symbols', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /definition totalArea', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'basic/src/geometry.ts (1)', timeoutMs: 60_000 });
    assert.ok(response?.includes('3:17  export function totalArea'), response);
  });

  test('an ambiguous symbol lists the candidates', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /implementation area', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'basic/src/shapes.ts:17:3', timeoutMs: 60_000 });
    assert.ok(response, 'the candidates are listed');
    for (const expected of ['3 symbols are named area', 'basic/src/shapes.ts:2:3', 'basic/src/shapes.ts:9:3'])
      assert.ok(response.includes(expected), `${expected} in ${response}`);
  });

  test("/problems with a path streams that file's errors, checked at once after a write", async () => {
    const probe = fixture('src', 'lsp_chat_probe.ts');
    await vscode.workspace.fs.writeFile(probe, new TextEncoder().encode("export const probe: number = 'not a number';\n"));
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /problems basic/src/lsp_chat_probe.ts', modelSelector: MODEL });
      const [response] = await pageTexts('.interactive-response', { text: '1 problem', timeoutMs: 60_000 });
      assert.ok(response, 'a response with the problem');
      for (const expected of ['basic/src/lsp_chat_probe.ts (1)', "error Type 'string' is not assignable to type 'number'."]) {
        assert.ok(response.includes(expected), `${expected} in ${response}`);
      }
    } finally {
      await vscode.workspace.fs.delete(probe);
    }
  });
});
