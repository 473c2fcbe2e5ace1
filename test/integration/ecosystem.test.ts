// The extension among VS Code's own parts: the References view hand-off, its log, its keybindings
// and its walkthrough, each checked in the real workbench.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import type { SymbolTree } from '../../src/references/symbolTree';
import {
  activateExtension,
  activeAt,
  expectCardCall,
  expectCode,
  expectPage,
  EXTENSION_ID,
  folderUri,
  invoke,
  measure,
  openAt,
  page,
  pageTexts,
  until,
} from './helpers';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const fixture = (...parts: string[]) => vscode.Uri.joinPath(folderUri('basic'), ...parts);
const SIDEBAR = '#workbench\\.parts\\.sidebar';

async function cardShows(title: string): Promise<void> {
  await expectPage('.card-title', { text: title, timeoutMs: 30_000 });
}

async function buttonDisabled(): Promise<boolean> {
  return (
    await page<{ value: boolean }>('evaluateInFrame', { selector: '#openInReferences', expression: 'document.getElementById("openInReferences").disabled' })
  ).value;
}

/** The References view's rows, as text, once it shows `message` and (at least) `rows` rows: rows render after the message. */
async function referencesView(message: string, rows: number): Promise<string[]> {
  await expectPage(`${SIDEBAR} .message`, { text: message, timeoutMs: 20_000 });
  return pageTexts(`${SIDEBAR} .monaco-list-row`, { min: rows, timeoutMs: 10_000 });
}

suite('References view hand-off', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}` });
  });

  test('the card button hands the locations over: files in order, every row, and F4 navigation', async () => {
    await openAt(fixture('src', 'geometry.ts'), 3, 17);
    await vscode.commands.executeCommand('lspTool.findReferences');
    await cardShows('References to totalArea');
    await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
    await until(buttonDisabled, (d) => !d, 'the button enabled for locations');
    await page('click', { selector: '#openInReferences' });
    const rows = await referencesView('7 results in 3 files', 10);
    assert.deepEqual(
      rows.filter((r) => /\.ts/.test(r) && !/\d+:\d+$/.test(r)).map((r) => r.split('.ts')[0]),
      ['geometry', 'main', 'unicode'],
      rows.join('\n'),
    );
    assert.equal(rows.length, 10, rows.join('\n'));
    assert.ok(
      rows.some((r) => r.includes("import { totalArea, UNIT } from './geometry';") && r.endsWith('2:10')),
      rows.join('\n'),
    );
    const [title] = await pageTexts(`${SIDEBAR} .title-label h2`, { text: 'References to' });
    assert.equal(title, 'References: References to totalArea', "the card's title, in plain text");
    // The view's own navigation (F4) walks our rows: from the queried declaration to the next location.
    await vscode.commands.executeCommand('references-view.next');
    await until(() => activeAt('/basic/src/main.ts', 2, 10), Boolean, 'references-view.next opened main.ts:2:10');
    await vscode.commands.executeCommand('references-view.next');
    await until(() => activeAt('/basic/src/main.ts', 5, 13), Boolean, 'references-view.next opened main.ts:5:13');
    await page('screenshot', { name: 'references-view', selector: SIDEBAR });
  });

  test('the command follows the card back and forward, and refuses a hover', async () => {
    await openAt(fixture('src', 'geometry.ts'), 7, 14);
    await vscode.commands.executeCommand('lspTool.findReferences');
    await cardShows('References to UNIT');
    await expectCardCall('LSP findReferences basic/src/geometry.ts:7:14');
    const referencesId = api().card.currentId;
    await vscode.commands.executeCommand('lspTool.hover');
    await cardShows('Hover on UNIT');
    await expectCardCall('LSP hover basic/src/geometry.ts:7:14');
    await until(buttonDisabled, Boolean, 'the button disabled for a hover');
    assert.equal(await vscode.commands.executeCommand('lspTool.openInReferencesView'), undefined, 'a hover has no locations to hand over');
    await page('click', { selector: '#back' });
    await until(
      () => api().card.currentId,
      (id) => id === referencesId,
      'the card reported going back',
    );
    assert.deepEqual(await vscode.commands.executeCommand('lspTool.openInReferencesView'), { files: 2, locations: 3 });
    const rows = await referencesView('3 results in 2 files', 5);
    assert.equal(rows.length, 5, rows.join('\n'));
  });

  test('the view re-anchoring an input (its history) or refreshing it runs a fresh query', async () => {
    const tree = await vscode.extensions.getExtension<SymbolTree>('vscode.references-view')!.activate();
    const input = tree.getInput?.();
    assert.ok(input, 'the References view has our input');
    assert.equal(input.contextValue, 'lspTool.locations');
    tree.setInput(input.with(new vscode.Location(fixture('src', 'geometry.ts'), new vscode.Position(2, 16))));
    const rows = await referencesView('7 results in 3 files', 10);
    assert.equal(rows.length, 10, rows.join('\n'));
    const [title] = await pageTexts(`${SIDEBAR} .title-label h2`, { text: 'geometry.ts:3:17' });
    assert.equal(title, 'References: References at basic/src/geometry.ts:3:17');
    // The view's Refresh asks again: one more query in the log, from the view (it passes a URI).
    const file = vscode.Uri.joinPath(api().logUri, 'LSP Tool.log').fsPath;
    const fromView = () =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => /\[debug\] findReferences file:\/\/\S+\/basic\/src\/geometry\.ts:3:17 -> 7 locations/.test(l)).length;
    const before = await until(fromView, (n) => n >= 1, 'the re-anchored query in the log');
    assert.equal(before, 1, 'only the re-anchored input asked; the hand-offs before it reused their locations');
    await vscode.commands.executeCommand('references-view.refresh');
    await until(fromView, (n) => n === before + 1, 'the refresh query in the log');
    assert.deepEqual(await referencesView('7 results in 3 files', 10), rows);
  });
});

suite('the LSP Tool log', () => {
  suiteSetup(activateExtension);

  test('each query is a debug line (operation, path, line:character, count, ms); a failure is an error line', async () => {
    const file = vscode.Uri.joinPath(api().logUri, 'LSP Tool.log').fsPath;
    await invoke({ operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 7, character: 14 });
    await expectCode(invoke({ operation: 'goToDefinition', file_path: 'basic/src/nope.ts', line: 2, character: 5 }), 'LSP_FILE_NOT_FOUND');
    const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    const log = await until(read, (text) => text.includes('basic/src/nope.ts'), `the log file ${file} has both lines`);
    assert.match(log, /\[debug\] findReferences basic\/src\/geometry\.ts:7:14 -> 3 locations \(complete\) in \d+\.\dms/);
    assert.match(log, /\[error\] goToDefinition basic\/src\/nope\.ts:2:5 failed in \d+\.\dms: LSP_FILE_NOT_FOUND: /);
  });
});

suite('keybindings', () => {
  suiteSetup(activateExtension);

  const OURS: [string, string][] = [
    ['shift+alt+l d', 'lspTool.goToDefinition'],
    ['shift+alt+l r', 'lspTool.findReferences'],
    ['shift+alt+l i', 'lspTool.goToImplementation'],
    ['shift+alt+l h', 'lspTool.hover'],
    ['shift+alt+l l', 'lspTool.showCard'],
    ['shift+alt+l v', 'lspTool.openInReferencesView'],
  ];

  test('ours are in effect and nothing else in this VS Code (built-in extensions included) uses Shift+Alt+L', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse('vscode://defaultsettings/keybindings.json'));
    const bindings = [...doc.getText().matchAll(/\{\s*"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
    assert.ok(bindings.length > 500, `${bindings.length} default keybindings read`);
    for (const binding of OURS)
      assert.ok(
        bindings.some(([k, c]) => k === binding[0] && c === binding[1]),
        binding.join(' -> '),
      );
    const clash = bindings.filter(([key, command]) => key.split(' ')[0] === 'shift+alt+l' && !command.startsWith('lspTool.'));
    assert.deepEqual(clash, []);
  });

  test('pressing Shift+Alt+L then R in the editor finds references', async () => {
    await openAt(fixture('src', 'main.ts'), 4, 30);
    const call = 'LSP findReferences basic/src/main.ts:4:30';
    // The References view from the suite before can still finish its refresh and take the focus
    // back to its tree (seen in CI): focus the editor until it holds, press, and if the card did not
    // move, say where the focus was and press again (at most three times). A binding that does not
    // work fails every time.
    const missed: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(
        async () => {
          await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
          return page<{ inEditor: boolean }>('activeElement');
        },
        (a) => a.inEditor,
        'keyboard focus in the editor',
      );
      await page('press', { key: 'Shift+Alt+KeyL' });
      await page('press', { key: 'KeyR' });
      // The call, not the title: the card may already show "References to UNIT" (geometry.ts:7:14).
      if (
        await expectCardCall(call, 10_000).then(
          () => true,
          () => false,
        )
      )
        break;
      missed.push(
        `attempt ${attempt}: the card shows ${JSON.stringify(await pageTexts('.card-title', { timeoutMs: 0 }))}, focus ${JSON.stringify(await page('activeElement'))}`,
      );
    }
    if (missed.length > 0) measure(`Shift+Alt+L then R: ${missed.length} press(es) the card did not follow: ${missed.join('; ')}`);
    await expectCardCall(call);
    await cardShows('References to UNIT');
    assert.deepEqual(await pageTexts('.summary', { text: 'results' }), ['3 results in 2 files']);
  });
});

suite('walkthrough', () => {
  suiteSetup(activateExtension);
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: 'failed-walkthrough' });
  });

  test('opens with a step for every tool; a step completes when its event fires; the problems step fills the card', async () => {
    const WALKTHROUGH = `${EXTENSION_ID}#lspTool.gettingStarted`;
    const step = (id: string) => `[data-step-id="${WALKTHROUGH}#lspTool.${id}"]`;
    /** Opens the walkthrough; resolves to its step titles. */
    const open = async (): Promise<string[]> => {
      // An open Welcome page keeps the walkthrough it shows; start from none.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      let titles: string[] = [];
      // VS Code 1.117 for the web shows its own "Setup VS Code Web" walkthrough the first time the
      // Welcome page opens; asking again selects ours.
      for (let attempt = 0; attempt < 3 && titles.length === 0; attempt++) {
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
        titles = await pageTexts(`[data-step-id^="${WALKTHROUGH}#"] .step-title`, { min: 8, timeoutMs: 5_000 });
      }
      return titles;
    };
    const done = async (id: string) =>
      (
        await page<{ value: boolean }>('evaluateInFrame', {
          selector: '.monaco-workbench',
          expression: `document.querySelector(${JSON.stringify(step(id))})?.getAttribute('aria-checked') === 'true'`,
        })
      ).value;
    const titles = await open();
    assert.deepEqual(titles, [
      'Let an agent call #lsp',
      'Ask @lsp yourself',
      'Read the answers in the LSP card',
      'Query from the editor, then hand off to the References view',
      'Find where a name is declared',
      'See who calls a function, several levels up',
      'See what an edit broke',
      'Connect a terminal agent',
    ]);
    // A person selects the card step and presses its button: the command runs, the step is checked.
    await page('click', { selector: `${step('card')} .step-title` });
    await page('click', { selector: `${step('card')} .button-container .monaco-button` });
    await until(() => done('card'), Boolean, 'the card step checked');
    // The problems step's button runs Show Problems: its answer is the card's newest entry.
    const historyBefore = api().card.historySize;
    const tabs = (): string[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
    const tabsBefore = tabs();
    await page('click', { selector: `${step('problems')} .step-title` });
    await page('click', { selector: `${step('problems')} .button-container .monaco-button` });
    await until(() => done('problems'), Boolean, 'the problems step checked');
    await until(
      () => api().card.historySize,
      (size) => size === historyBefore + 1,
      'Show Problems answered in the card',
    );
    await expectPage('.card-title', { text: 'Problems in the workspace', timeoutMs: 30_000 });
    await api().followAlongSettled();
    assert.deepEqual(tabs(), tabsBefore, 'no tab opened that the step did not ask for');
    await open();
    await invoke({ operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 });
    // Follow-along's preview editor may have replaced the walkthrough's tab: open it again.
    await open();
    await until(() => done('tool'), Boolean, 'the #lsp step checked');
    // (@lsp runs in surfaces.test.ts, after this file.)
    assert.equal(await done('participant'), false, 'the @lsp step waits for @lsp');
    await page('screenshot', { name: 'walkthrough' });
  });
});
