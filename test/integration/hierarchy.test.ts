// lsp_hierarchy in the real VS Code against the real TypeScript server (and a test-only type
// hierarchy provider): exact trees, call sites, repeats and cycles, caps, the subtypes fallback,
// no provider, errors, and the person's surfaces.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HierarchyResult } from '../../src/engine/hierarchyResult';
import type { LspToolApi } from '../../src/extension';
import {
  activateExtension,
  activeAt,
  expectCardCall,
  expectCode,
  expectPage,
  EXTENSION_ID,
  folderUri,
  measure,
  openAt,
  page,
  pageTexts,
  setSetting,
  textOf,
  until,
} from './helpers';

async function hierarchy(input: object, token = new vscode.CancellationTokenSource().token): Promise<string> {
  return textOf(await vscode.lm.invokeTool('lsp_hierarchy', { input, toolInvocationToken: undefined }, token));
}

async function twin(input: object): Promise<HierarchyResult> {
  return vscode.commands.executeCommand<HierarchyResult>('lspTool.queryHierarchy', input);
}

const CALLS = 'basic/src/calls.ts';
const TYPES = 'basic/types/animals.lsptypes';
const MODEL = { vendor: 'lsp-test', id: 'scripted' };
const SIDEBAR = '#workbench\\.parts\\.sidebar';
const fixture = (...parts: string[]) => vscode.Uri.joinPath(folderUri('basic'), ...parts);

const CHAIN_C_DEPTH_3 = [
  'basic/src/calls.ts:10:17: function chainC',
  '  basic/src/calls.ts:6:17: function chainB (calls at 7:10, 7:21)',
  '    basic/src/calls.ts:2:17: function chainA (calls at 3:10)',
  '      basic/src/calls.ts:1:1: module calls.ts (calls at 54:23)',
  '  basic/src/callsOther.ts:3:17: function fromOtherFile (calls at 4:10)',
];

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;

suite('lsp_hierarchy tool', () => {
  suiteSetup(activateExtension);
  teardown(async () => {
    for (const key of ['maxLocations', 'maxResultChars', 'timeoutMs']) await setSetting(key, undefined);
  });

  test('lsp_hierarchy is listed in vscode.lm.tools with its schema', () => {
    const tool = vscode.lm.tools.find((t) => t.name === 'lsp_hierarchy');
    assert.ok(tool, 'lsp_hierarchy is registered');
    const schema = tool.inputSchema as {
      required: string[];
      properties: Record<string, { type: string; enum?: string[]; minimum?: number; maximum?: number }>;
    };
    assert.deepEqual(schema.required, ['direction', 'file_path', 'line', 'character']);
    assert.deepEqual(schema.properties.direction?.enum, ['incomingCalls', 'outgoingCalls', 'supertypes', 'subtypes']);
    assert.deepEqual([schema.properties.depth?.type, schema.properties.depth?.minimum, schema.properties.depth?.maximum], ['integer', 1, 5]);
  });

  test('incomingCalls at depth 1: callers in this file and another, each call site once', async () => {
    const text = await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17 });
    assert.equal(text, [CHAIN_C_DEPTH_3[0], CHAIN_C_DEPTH_3[1], CHAIN_C_DEPTH_3[4]].join('\n'));
    const result = await twin({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17 });
    assert.equal(result.kind, 'hierarchy');
    assert.equal(result.completeness, 'complete');
    const [root] = result.roots;
    assert.deepEqual(root!.item.selectionRange, { start: { line: 9, character: 16 }, end: { line: 9, character: 22 } });
    assert.equal(root!.item.kind, 'function');
    assert.deepEqual(
      root!.children.map((c) => [c.item.name, c.item.uri.endsWith('/basic/src/callsOther.ts') || c.item.uri.endsWith('/basic/src/calls.ts'), c.fromRanges]),
      [
        [
          'chainB',
          true,
          [
            { start: { line: 6, character: 9 }, end: { line: 6, character: 15 } },
            { start: { line: 6, character: 20 }, end: { line: 6, character: 26 } },
          ],
        ],
        ['fromOtherFile', true, [{ start: { line: 3, character: 9 }, end: { line: 3, character: 15 } }]],
      ],
    );
    assert.deepEqual(root!.children[0]!.children, [], 'depth 1 walks one level');
  });

  test('incomingCalls at depth 3 reaches the module-level caller', async () => {
    assert.equal(await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17, depth: 3 }), CHAIN_C_DEPTH_3.join('\n'));
  });

  test("outgoingCalls at depths 1 and 3: sites in the caller's file", async () => {
    const one = await hierarchy({ direction: 'outgoingCalls', file_path: CALLS, line: 2, character: 17 });
    assert.equal(one, ['basic/src/calls.ts:2:17: function chainA', '  basic/src/calls.ts:6:17: function chainB (called at 3:10)'].join('\n'));
    const three = await hierarchy({ direction: 'outgoingCalls', file_path: CALLS, line: 2, character: 17, depth: 3 });
    assert.equal(
      three,
      [
        'basic/src/calls.ts:2:17: function chainA',
        '  basic/src/calls.ts:6:17: function chainB (called at 3:10)',
        '    basic/src/calls.ts:10:17: function chainC (called at 7:10, 7:21)',
      ].join('\n'),
    );
  });

  test('a cycle, direct recursion and a call through an interface are marked, never expanded again', async () => {
    assert.equal(
      await hierarchy({ direction: 'outgoingCalls', file_path: CALLS, line: 14, character: 17, depth: 3 }),
      [
        'basic/src/calls.ts:14:17: function ping',
        '  basic/src/calls.ts:18:17: function pong (called at 15:23)',
        '    basic/src/calls.ts:14:17: function ping (called at 19:23) [cycle]',
      ].join('\n'),
    );
    assert.equal(
      await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 22, character: 17, depth: 5 }),
      ['basic/src/calls.ts:22:17: function countdown', '  basic/src/calls.ts:22:17: function countdown (calls at 23:23) [cycle]'].join('\n'),
    );
    const greet = await twin({ direction: 'incomingCalls', file_path: CALLS, line: 27, character: 3, depth: 3 });
    const welcome = greet.roots[0]!.children.find((c) => c.item.name === 'welcome');
    assert.ok(welcome, 'welcome calls greet through the interface');
    assert.deepEqual(welcome.fromRanges, [{ start: { line: 50, character: 17 }, end: { line: 50, character: 22 } }]);
    assert.deepEqual(
      welcome.children.map((c) => [c.item.name, c.item.kind]),
      [['calls.ts', 'module']],
    );
    const repeats = greet.roots[0]!.children.flatMap((c) => c.children).filter((c) => c.repeated);
    assert.deepEqual(
      repeats.map((c) => c.item.name),
      ['welcome'],
      'welcome under the subclass method repeats the one above',
    );
  });

  test('the caps: maxLocations counts related lines over all levels; maxResultChars bounds the text', async () => {
    await setSetting('maxLocations', 2);
    assert.equal(
      await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17, depth: 3 }),
      [...CHAIN_C_DEPTH_3.slice(0, 3), '… 2 more related items omitted (limit 2).'].join('\n'),
    );
    const full = await twin({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17, depth: 3 });
    assert.equal(full.roots[0]!.children.length, 2, 'the structured value is uncapped');
    await setSetting('maxLocations', undefined);
    await setSetting('maxResultChars', 150);
    const cut = await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17, depth: 3 });
    assert.equal(cut.length, 150);
    assert.match(cut, /\n… hierarchy truncated \(limit 150 characters\)\.$/);
  });

  test('a type hierarchy provider (test-only) answers subtypes and supertypes', async () => {
    assert.equal(
      await hierarchy({ direction: 'subtypes', file_path: TYPES, line: 3, character: 7, depth: 3 }),
      [
        'basic/types/animals.lsptypes:3:7: class Animal',
        '  basic/types/animals.lsptypes:4:7: class Dog',
        '    basic/types/animals.lsptypes:5:7: class Puppy',
        '  basic/types/animals.lsptypes:6:7: class Cat',
      ].join('\n'),
    );
    assert.equal(
      await hierarchy({ direction: 'supertypes', file_path: TYPES, line: 5, character: 7, depth: 3 }),
      [
        'basic/types/animals.lsptypes:5:7: class Puppy',
        '  basic/types/animals.lsptypes:4:7: class Dog',
        '    basic/types/animals.lsptypes:3:7: class Animal',
        '      basic/types/animals.lsptypes:1:11: interface Living',
        '    basic/types/animals.lsptypes:2:11: interface Pet',
      ].join('\n'),
    );
    assert.equal(
      await hierarchy({ direction: 'supertypes', file_path: TYPES, line: 1, character: 11 }),
      'basic/types/animals.lsptypes:1:11: interface Living\n  (no supertypes)',
    );
  });

  test('TypeScript has no type hierarchy provider: subtypes come from the implementation provider, with a Note', async () => {
    const text = await hierarchy({ direction: 'subtypes', file_path: CALLS, line: 26, character: 18, depth: 3 });
    assert.equal(
      text,
      [
        'basic/src/calls.ts:26:18: interface Greeter',
        '  basic/src/calls.ts:30:14: class LoudGreeter',
        '    basic/src/calls.ts:42:14: class ShoutingGreeter [repeated]',
        '  basic/src/calls.ts:36:14: class PoliteGreeter',
        '  basic/src/calls.ts:42:14: class ShoutingGreeter',
        'Note: no type hierarchy provider answered for language id "typescript"; these subtypes of "Greeter" come from the implementation provider instead: the classes and interfaces that extend or implement it (indirect ones can be listed at the first level too).',
      ].join('\n'),
      'the array initialiser typed as Greeter is not a subtype',
    );
    const onClass = await hierarchy({ direction: 'subtypes', file_path: CALLS, line: 30, character: 14 });
    assert.match(
      onClass,
      /^basic\/src\/calls\.ts:30:14: class LoudGreeter\n {2}basic\/src\/calls\.ts:42:14: class ShoutingGreeter\nNote: /,
      'the class itself is not its own subtype',
    );
    const supertypes = await twin({ direction: 'supertypes', file_path: CALLS, line: 42, character: 14 });
    assert.equal(supertypes.completeness, 'noProvider');
    const text2 = await hierarchy({ direction: 'supertypes', file_path: CALLS, line: 42, character: 14 });
    assert.equal(
      text2,
      'No results.\nNote: no type hierarchy provider answered for language id "typescript", so supertypes cannot be listed. To find them, call lsp goToDefinition on each name in the type\'s extends or implements clause.',
    );
  });

  test('no provider (plain text): the Note, answered inside a short budget', async () => {
    await setSetting('timeoutMs', 3000);
    const text = await hierarchy({ direction: 'incomingCalls', file_path: 'basic/plain/notes.txt', line: 2, character: 2 });
    assert.equal(
      text,
      'No results.\nNote: no language provider answered for language id "plaintext". Install an extension with language features for it, or use text search.',
    );
    assert.equal((await twin({ direction: 'subtypes', file_path: 'basic/plain/notes.txt', line: 2, character: 2 })).completeness, 'noProvider');
  });

  test('an empty answer off a symbol says where the identifiers are; symbol snaps the position', async () => {
    assert.equal(
      await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 4, character: 1 }),
      'No results.\nNote: no identifier at 4:1, and line 4 has none.',
    );
    const snapped = await hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 1, symbol: 'chainC' });
    assert.equal(snapped, [CHAIN_C_DEPTH_3[0], CHAIN_C_DEPTH_3[1], CHAIN_C_DEPTH_3[4], 'Note: moved to "chainC" at 10:17 (asked for 10:1).'].join('\n'));
  });

  test('bad input: direction, depth 0 and 6, a position out of range', async () => {
    await expectCode(
      hierarchy({ direction: 'callers', file_path: CALLS, line: 10, character: 17 }),
      'LSP_INVALID_ARGUMENT',
      /"direction" must be one of \["incomingCalls","outgoingCalls","supertypes","subtypes"\]/,
    );
    for (const depth of [0, 6]) {
      await expectCode(
        hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 10, character: 17, depth }),
        'LSP_INVALID_ARGUMENT',
        /depth must be an integer from 1 to 5/,
      );
    }
    await expectCode(hierarchy({ direction: 'incomingCalls', file_path: CALLS, line: 999, character: 1 }), 'LSP_POSITION_OUT_OF_RANGE', /which has \d+ lines/);
    await expectCode(
      twin({ direction: 'outgoingCalls', file_path: CALLS, line: 2, character: 0 }),
      'LSP_INVALID_ARGUMENT',
      /character must be a positive integer/,
    );
  });

  test('@once cancellation and timeout in the middle of a deep walk', async () => {
    // Root0's subtypes answer at once; SlowMiddle's take 5 s.
    // Through the structured API: vscode.lm.invokeTool answers a cancelled token with its own CancellationError.
    const source = new vscode.CancellationTokenSource();
    const started = Date.now();
    const cancelled = api().hierarchy({ direction: 'subtypes', file_path: TYPES, line: 7, character: 7, depth: 4 }, source.token);
    setTimeout(() => source.cancel(), 700);
    await expectCode(cancelled, 'LSP_CANCELLED');
    const cancelMs = Date.now() - started;
    const viaTool = new vscode.CancellationTokenSource();
    const toolCall = hierarchy({ direction: 'subtypes', file_path: TYPES, line: 7, character: 7, depth: 4 }, viaTool.token);
    setTimeout(() => viaTool.cancel(), 300);
    await assert.rejects(toolCall, /Canceled|LSP_CANCELLED/);
    await setSetting('timeoutMs', 1500);
    const timeoutStart = Date.now();
    await expectCode(hierarchy({ direction: 'subtypes', file_path: TYPES, line: 7, character: 7, depth: 4 }), 'LSP_TIMEOUT', /timed out after 1500ms/);
    measure(`lsp_hierarchy deep walk: cancelled after ${cancelMs}ms, timed out after ${Date.now() - timeoutStart}ms (the slow provider answers after 5000ms)`);
    assert.ok(cancelMs < 5000 && Date.now() - timeoutStart < 5000, 'the walk ended before the slow provider answered');
  });
});

suite('lsp_hierarchy card, commands and hand-off', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}` });
  });

  test('Show Callers fills the card with the tree: names, kinds, sites and summary', async () => {
    await openAt(fixture('src', 'calls.ts'), 10, 17);
    await vscode.commands.executeCommand('lspTool.showCallers');
    const [title] = await expectPage('.card-title', { text: 'Callers of chainC', timeoutMs: 30_000 });
    assert.equal(title, 'Callers of chainC');
    await expectCardCall('LSP incomingCalls basic/src/calls.ts:10:17');
    assert.deepEqual(await pageTexts('.tree-row .tree-name', { min: 3 }), ['chainC', 'chainB', 'fromOtherFile']);
    assert.deepEqual(await pageTexts('.tree-row .tree-path', { min: 3 }), [
      'basic/src/calls.ts:10:17',
      'basic/src/calls.ts:6:17',
      'basic/src/callsOther.ts:3:17',
    ]);
    assert.deepEqual(await pageTexts('.tree-sites'), ['calls at 7:10, 7:21', 'calls at 4:10']);
    assert.deepEqual(await pageTexts('.summary'), ['2 related items']);
    await page('screenshot', { name: 'hierarchy-card', selector: '#workbench\\.parts\\.panel' });
  });

  test('expanding a node past the walked depth fetches its children', async () => {
    const fetched = new Promise<{ children: number }>((resolve) => {
      const subscription = api().card.onDidSendHierarchyChildren((e) => {
        subscription.dispose();
        resolve(e);
      });
    });
    await page('click', { selector: '.tree-row .twistie', nth: 1 });
    assert.equal((await fetched).children, 1);
    assert.deepEqual(await pageTexts('.tree-row .tree-name', { min: 4 }), ['chainC', 'chainB', 'chainA', 'fromOtherFile']);
    assert.deepEqual(await pageTexts('.summary', { text: '3 related items' }), ['3 related items']);
  });

  test('a click opens the item, a call site link opens the call, Enter opens the focused row', async () => {
    await page('click', { selector: '.tree-row .tree-name', nth: 3 });
    await until(() => activeAt('/basic/src/callsOther.ts', 3, 17), Boolean, 'editor at fromOtherFile');
    await page('click', { selector: '.tree-sites .site', nth: 1 });
    await until(() => activeAt('/basic/src/calls.ts', 7, 21), Boolean, 'editor at the second call of chainC in chainB');
    await page('focus', { selector: '.tree-row', nth: 0 });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'ArrowDown' });
    await page('press', { key: 'Enter' });
    await until(() => activeAt('/basic/src/calls.ts', 2, 17), Boolean, 'editor at chainA (the row below chainB)');
    await page('focus', { selector: '.tree-row', nth: 1 });
    await page('press', { key: 'ArrowLeft' });
    const hidden = await page<{ value: boolean }>('evaluateInFrame', {
      selector: '.tree',
      expression: 'document.querySelectorAll(".tree-children")[1].hidden',
    });
    assert.equal(hidden.value, true, 'ArrowLeft collapsed chainB');
  });

  test('the other palette commands: Show Callees, Show Subtypes, Show Supertypes', async () => {
    await openAt(fixture('src', 'calls.ts'), 2, 17);
    await vscode.commands.executeCommand('lspTool.showCallees');
    await expectPage('.card-title', { text: 'Calls from chainA', timeoutMs: 30_000 });
    assert.deepEqual(await pageTexts('.tree-sites'), ['called at 3:10']);
    await openAt(fixture('types', 'animals.lsptypes'), 3, 7);
    await vscode.commands.executeCommand('lspTool.showSubtypes');
    await expectPage('.card-title', { text: 'Subtypes of Animal', timeoutMs: 30_000 });
    assert.deepEqual(await pageTexts('.tree-row .tree-name', { min: 3 }), ['Animal', 'Dog', 'Cat']);
    await openAt(fixture('types', 'animals.lsptypes'), 5, 7);
    await vscode.commands.executeCommand('lspTool.showSupertypes');
    await expectPage('.card-title', { text: 'Supertypes of Puppy', timeoutMs: 30_000 });
    assert.deepEqual(await pageTexts('.tree-row .tree-name', { min: 2 }), ['Puppy', 'Dog']);
  });

  test("hand-off: the card's toolbar opens the root in the built-in Call Hierarchy view", async () => {
    await openAt(fixture('src', 'calls.ts'), 10, 17);
    await vscode.commands.executeCommand('lspTool.showCallers');
    await expectPage('.card-title', { text: 'Callers of chainC', timeoutMs: 30_000 });
    await page('click', { selector: '#openInHierarchy' });
    const rows = await pageTexts(`${SIDEBAR} .monaco-list-row`, { text: 'chainC', timeoutMs: 20_000 });
    assert.ok(
      rows.some((r) => r.includes('chainC')),
      rows.join('\n'),
    );
    await expectPage(`${SIDEBAR} .title`, { text: 'Callers Of', timeoutMs: 10_000 });
    const handed = await vscode.commands.executeCommand<{ view: string; direction: string; line: number; character: number }>('lspTool.openInHierarchyView');
    assert.deepEqual(handed && [handed.view, handed.direction, handed.line, handed.character], ['callHierarchy', 'incomingCalls', 10, 17]);
    const typed = await twin({ direction: 'subtypes', file_path: TYPES, line: 3, character: 7 });
    assert.equal(typed.roots.length, 1);
    await openAt(fixture('types', 'animals.lsptypes'), 3, 7);
    await vscode.commands.executeCommand('lspTool.showSubtypes');
    await expectPage('.card-title', { text: 'Subtypes of Animal', timeoutMs: 30_000 });
    const handedTypes = await vscode.commands.executeCommand<{ view: string; direction: string }>('lspTool.openInHierarchyView');
    assert.deepEqual(handedTypes && [handedTypes.view, handedTypes.direction], ['typeHierarchy', 'subtypes']);
    await expectPage(`${SIDEBAR} .title`, { text: 'Subtypes Of', timeoutMs: 10_000 });
    await expectPage(`${SIDEBAR} .monaco-list-row`, { text: 'Animal', timeoutMs: 20_000 });
  });
});

suite('@chat lsp_hierarchy in @lsp', () => {
  suiteSetup(activateExtension);
  test('/callers with path:line:character streams the tree as anchors', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /callers basic/src/calls.ts:10:17', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'fromOtherFile', timeoutMs: 60_000 });
    for (const expected of ['function chainC', 'function chainB (calls at 7:10, 7:21)', 'function fromOtherFile (calls at 4:10)'])
      assert.ok(response!.includes(expected), `${expected} in ${response}`);
    const anchors = await pageTexts('.interactive-response a', { text: 'callsOther.ts' });
    assert.ok(
      anchors.some((a) => a.includes('callsOther.ts:3')),
      anchors.join('\n'),
    );
  });

  test('/subtypes with a symbol name resolves it through the workspace symbols', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@lsp /subtypes Greeter', modelSelector: MODEL });
    const [response] = await pageTexts('.interactive-response', { text: 'PoliteGreeter', timeoutMs: 60_000 });
    assert.ok(response!.includes('class LoudGreeter'), response);
    assert.ok(response!.includes('implementation provider'), 'the fallback Note is shown');
  });
});
