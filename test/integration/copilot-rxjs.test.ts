// The real Copilot Chat agent on rxjs's sources: the three answers that went to disk before they
// had a budget (findReferences Subscription, the callers of operate at depth 3, the symbols named
// Subscription) reach the model inline, within Copilot's 8,192-character threshold, each carrying
// every entry maxLocations allows. Runs only in the runner's "Copilot Chat agent on rxjs" suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, expectPage, EXTENSION_ID, measure } from './helpers';
import { askAgent, copilotReady, script, textOfMessage, toolMessages, waitForAgentRequests } from './copilotAgent';
import { describeShape, shapeOf, type AnswerKind } from './answerShape';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const THRESHOLD = 8192;
const SUBSCRIPTION = { file_path: 'src/internal/Subscription.ts', line: 16, character: 14 };
const OPERATE = { direction: 'incomingCalls', file_path: 'src/internal/util/lift.ts', line: 17, character: 17, depth: 3 };

let session = 0;
/** One agent session: the model calls `name` with `input`; returns the tool message it then reads. */
async function toolMessageFor(name: string, input: object): Promise<string> {
  const id = `call_rxjs_${++session}`;
  const done = `rxjs session ${session} done.`;
  await script([{ toolCalls: [{ id, name, arguments: input }] }, { text: done }]);
  await askAgent(`rxjs question ${session}`);
  await expectPage('.interactive-response', { text: done, timeoutMs: 120_000 });
  const [, second] = await waitForAgentRequests(2);
  const message = toolMessages(second!).find((m) => m.tool_call_id === id);
  assert.ok(message, `a tool message for ${id}`);
  return textOfMessage(message);
}

/** The same tool's text outside a chat request (no reader budget): what the model read before. */
async function unbudgeted(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

function inline(text: string, kind: AnswerKind, what: string): ReturnType<typeof shapeOf> {
  const shape = shapeOf(text, kind);
  assert.ok(!shape.pointer, `${what}: inline, not a pointer to a file: ${text.slice(0, 200)}`);
  assert.ok(text.length <= THRESHOLD, `${what}: within ${THRESHOLD} characters: ${text.length}`);
  return shape;
}

suite('@copilot-rxjs the real Copilot Chat agent on rxjs: answers that reach the model whole', () => {
  suiteSetup(async function () {
    this.timeout(240_000);
    await activateExtension();
    await copilotReady();
    await vscode.workspace.getConfiguration('lspTool').update('followAlong', false, vscode.ConfigurationTarget.Global);
    // Warm: tsserver has loaded rxjs before the agent asks.
    await api().query({ operation: 'findReferences', ...SUBSCRIPTION });
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('lspTool').update('followAlong', undefined, vscode.ConfigurationTarget.Global);
  });

  test('lsp findReferences Subscription: every location, the first ones with previews, and the line that says how many', async () => {
    const input = { operation: 'findReferences', ...SUBSCRIPTION };
    const content = await toolMessageFor('lsp', input);
    const shape = inline(content, 'locations', 'findReferences');
    const result = await api().query(input);
    const total = result.kind === 'locations' ? result.locations.length : 0;
    const maxLocations = Number(vscode.workspace.getConfiguration('lspTool').get('maxLocations') ?? 100);
    assert.ok(total > 100, `rxjs has many references to Subscription: ${total}`);
    assert.equal(shape.entries, Math.min(total, maxLocations), 'every location maxLocations allows');
    const before = await unbudgeted('lsp', input);
    // Each location line as the unbudgeted text has it, with or without its preview.
    const lines = content.split('\n');
    before
      .split('\n')
      .slice(0, shape.entries)
      .forEach((line, i) => assert.ok(line.startsWith(lines[i]!), `location ${i + 1}: ${lines[i]} / ${line}`));
    if (before.length > THRESHOLD) {
      assert.ok(shape.withOptional < shape.entries, 'previews gave way');
      assert.ok(
        shape.gaveWay.some((l) => l === `Previews shown for the first ${shape.withOptional} of ${shape.entries} locations.`),
        shape.gaveWay.join(' | '),
      );
    }
    measure(
      `copilot rxjs lsp findReferences Subscription: the model read ${describeShape(shape, 'locations')} (${total} in all); outside a chat request: ${describeShape(shapeOf(before, 'locations'), 'locations')}`,
    );

    // For scale: the built-in tool on the same question.
    const usages = vscode.lm.tools.find((t) => t.name === 'vscode_listCodeUsages');
    if (usages) {
      const props = (usages.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      const theirs: Record<string, unknown> = {};
      if ('symbol' in props) theirs.symbol = 'Subscription';
      if ('filePath' in props) theirs.filePath = SUBSCRIPTION.file_path;
      if ('lineContent' in props)
        theirs.lineContent = (
          await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, SUBSCRIPTION.file_path))
        ).lineAt(SUBSCRIPTION.line - 1).text;
      const message = await toolMessageFor('vscode_listCodeUsages', theirs);
      measure(
        `copilot rxjs vscode_listCodeUsages Subscription: the model read ${message.length} characters${shapeOf(message, 'locations').pointer ? ' (a pointer to a file)' : ''}; its text: ${(await unbudgeted('vscode_listCodeUsages', theirs)).length} characters`,
      );
    }
  });

  test('lsp_hierarchy callers of operate at depth 3: the whole tree, call sites as far as they fit', async () => {
    const content = await toolMessageFor('lsp_hierarchy', OPERATE);
    const shape = inline(content, 'hierarchy', 'hierarchy');
    const tree = await api().hierarchy(OPERATE);
    const count = (nodes: readonly { children: readonly unknown[] }[]): number => nodes.reduce((n, node) => n + 1 + count(node.children as never), 0);
    const total = tree.roots.reduce((n, root) => n + count(root.children), 0);
    const maxLocations = Number(vscode.workspace.getConfiguration('lspTool').get('maxLocations') ?? 100);
    assert.equal(shape.entries, Math.min(total, maxLocations), `every related item maxLocations allows (${total} in all)`);
    const before = await unbudgeted('lsp_hierarchy', OPERATE);
    if (before.length > THRESHOLD)
      assert.ok(
        shape.gaveWay.some((l) => /^Call sites shown for (the first \d+|none) of \d+ items\.$/.test(l)),
        shape.gaveWay.join(' | '),
      );
    measure(
      `copilot rxjs lsp_hierarchy callers of operate, depth 3: the model read ${describeShape(shape, 'hierarchy')} (${total} in all); outside a chat request: ${describeShape(shapeOf(before, 'hierarchy'), 'hierarchy')}`,
    );
  });

  test('lsp_symbols Subscription: every symbol, whole', async () => {
    const input = { query: 'Subscription' };
    const content = await toolMessageFor('lsp_symbols', input);
    const shape = inline(content, 'symbols', 'symbols');
    const result = await api().symbols(input);
    const maxLocations = Number(vscode.workspace.getConfiguration('lspTool').get('maxLocations') ?? 100);
    assert.equal(shape.entries, Math.min(result.symbols.length, maxLocations), 'every symbol maxLocations allows');
    const before = await unbudgeted('lsp_symbols', input);
    if (before.length <= THRESHOLD) assert.equal(content, before, 'within the threshold anyway: the same text as outside a chat request');
    else assert.match(content, /\n… \d+ more symbols omitted \(limit \d+ characters\)\.(\n|$)/);
    measure(`copilot rxjs lsp_symbols Subscription: the model read ${describeShape(shape, 'symbols')}`);
  });
});
