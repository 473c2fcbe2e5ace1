// The real GitHub Copilot Chat agent (built into VS Code 1.139.1) calls our tools, in agent mode,
// with a scripted model on 127.0.0.1 (test/host/fakeModel.mjs). Runs only in the runner's copilot
// suites (test/host/suites.mjs), which skip a VS Code without Copilot Chat's Custom Endpoint models.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import {
  activateExtension,
  expectCardCall,
  expectPage,
  EXTENSION_ID,
  faultCalls,
  folderUri,
  invoke,
  measure,
  page,
  pageTexts,
  query,
  setSetting,
  until,
} from './helpers';
import { contributedTools } from './contributedTools';
import {
  askAgent,
  type ChatMessage,
  copilotReady,
  type ModelRequest,
  NOT_STREAMED,
  requests,
  script,
  textOfMessage,
  type ToolDefinition,
  toolMessages,
  waitForAgentRequests,
} from './copilotAgent';
import { describeShape, shapeOf } from './answerShape';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const CHAT = '#workbench\\.parts\\.auxiliarybar';

function definition(request: ModelRequest, name: string): ToolDefinition | undefined {
  return request.body.tools?.find((t) => t.function.name === name);
}

function lastUserText(request: ModelRequest): string {
  return textOfMessage([...request.body.messages].reverse().find((m) => m.role === 'user'));
}

/** The tool message answering one call id in a request. */
function answerTo(request: ModelRequest, id: string): ChatMessage {
  const found = toolMessages(request).filter((m) => m.tool_call_id === id);
  assert.equal(found.length, 1, `one tool message for ${id}; got ${JSON.stringify(toolMessages(request).map((m) => m.tool_call_id))}`);
  return found[0]!;
}

async function finalAnswer(text: string, timeoutMs = 90_000): Promise<void> {
  const [shown] = await pageTexts('.interactive-response', { text, timeoutMs });
  assert.ok(shown?.includes(text), `the chat view shows the model's final answer "${text}"`);
}

function activeAt(suffix: string, line: number, character: number): boolean {
  const editor = vscode.window.activeTextEditor;
  return (
    !!editor && editor.document.uri.path.endsWith(suffix) && editor.selection.active.line === line - 1 && editor.selection.active.character === character - 1
  );
}

async function openAt(uri: vscode.Uri, line: number, character: number): Promise<void> {
  const position = new vscode.Position(line - 1, character - 1);
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: false });
}

/** Our error for an input, as lm.invokeTool rejects with it. */
async function errorOf(input: object): Promise<string> {
  try {
    await invoke(input);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail(`expected ${JSON.stringify(input)} to fail`);
}

/** Our "LSP Tool" log as text. */
function logText(): string {
  const file = vscode.Uri.joinPath(api().logUri, 'LSP Tool.log').fsPath;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** The log lines written after `offset` (a length of logText()). */
function logLinesAfter(offset: number): string[] {
  return logText()
    .slice(offset)
    .split('\n')
    .filter((l) => l.length > 0);
}

/** A log line's own timestamp (`2026-12-01 07:13:49.123 [debug] ...`, local time). */
function loggedAt(line: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})/.exec(line);
  assert.ok(m, `a timestamped log line: ${line}`);
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as [number, number, number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s, ms).getTime();
}

const REFS = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };

suite('@copilot the real Copilot Chat agent calls lsp', () => {
  suiteSetup(async function () {
    this.timeout(180_000);
    await activateExtension();
    await copilotReady();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}` });
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    await setSetting('outsideWorkspace', undefined);
  });

  test('the offer: every contributed tool is offered with its modelDescription and inputSchema, byte-identical across the requests of a turn and across sessions', async () => {
    const tools = await contributedTools();
    assert.ok(
      tools.some((t) => t.name === 'lsp'),
      'package.json contributes lsp',
    );
    const sessions: ModelRequest[][] = [];
    for (const session of [1, 2]) {
      await script([
        {
          toolCalls: [
            { id: `call_offer_${session}`, name: 'lsp', arguments: { operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 } },
          ],
        },
        { text: `Offer checked ${session}.` },
      ]);
      await askAgent(`What is totalArea? (session ${session})`);
      await finalAnswer(`Offer checked ${session}.`);
      sessions.push(await waitForAgentRequests(2));
    }
    const all = sessions.flat();
    const reference = all[0]!;
    for (const tool of tools) {
      const offered = definition(reference, tool.name);
      assert.ok(offered, `${tool.name} is offered; offered: ${reference.body.tools?.map((t) => t.function.name).join(', ')}`);
      assert.equal(offered.type, 'function');
      assert.equal(offered.function.description, tool.modelDescription, `${tool.name}: description is modelDescription`);
      assert.deepEqual(offered.function.parameters, tool.inputSchema, `${tool.name}: parameters are inputSchema`);
      // Byte for byte on the wire: the description and the schema as package.json has them (key order included).
      const wire = `"description":${JSON.stringify(tool.modelDescription)},"parameters":${JSON.stringify(tool.inputSchema)}`;
      const serialized = JSON.stringify(offered);
      for (const request of all) {
        assert.ok(request.raw.includes(wire), `${tool.name}: request ${all.indexOf(request)} carries description and parameters byte for byte`);
        assert.equal(JSON.stringify(definition(request, tool.name)), serialized, `${tool.name}: the same definition in request ${all.indexOf(request)}`);
      }
      measure(
        `copilot offer: ${tool.name} adds ${serialized.length} characters to every request (its tools[] entry; description ${tool.modelDescription.length}, parameters ${JSON.stringify(tool.inputSchema).length})`,
      );
    }
    const toolsJson = all.map((r) => JSON.stringify(r.body.tools));
    measure(
      `copilot offer: ${reference.body.tools?.length} tools offered, tools[] ${toolsJson[0]!.length} characters, identical in all ${all.length} requests: ${toolsJson.every((t) => t === toolsJson[0])}; request bodies ${all.map((r) => r.raw.length).join(', ')} characters`,
    );
  });

  test('lspTool.writingTools off: the agent is not offered lsp_rename (its when clause), the tools that read still are; on again, it is', async () => {
    const offeredIn = async (label: string): Promise<string[]> => {
      await script([{ text: `Offer ${label} checked.` }]);
      await askAgent(`Which tools do you have? (${label})`);
      await finalAnswer(`Offer ${label} checked.`);
      const [request] = await waitForAgentRequests(1);
      return (request!.body.tools ?? []).map((t) => t.function.name);
    };
    await setSetting('writingTools', false);
    try {
      const off = await offeredIn('with writing off');
      assert.ok(off.includes('lsp') && off.includes('lsp_diagnostics'), `the tools that read are offered: ${off.join(', ')}`);
      assert.ok(!off.includes('lsp_rename'), `lsp_rename is not offered: ${off.join(', ')}`);
    } finally {
      await setSetting('writingTools', undefined);
    }
    const on = await offeredIn('with writing on');
    assert.ok(on.includes('lsp_rename'), `lsp_rename is offered again: ${on.join(', ')}`);
  });

  test("a scripted findReferences: the tool message is lm.invokeTool's text, the step shows our title, the card and the editor follow", async () => {
    await openAt(vscode.Uri.joinPath(folderUri('basic'), 'src', 'main.ts'), 1, 1);
    const historyBefore = api().card.historySize;
    await script([{ toolCalls: [{ id: 'call_refs', name: 'lsp', arguments: REFS }] }, { text: 'totalArea is used in main.ts and unicode.ts.' }]);
    await askAgent('Who uses totalArea in basic/src/geometry.ts?');
    await finalAnswer('totalArea is used in main.ts and unicode.ts.');
    const [, second] = await waitForAgentRequests(2);
    const answer = textOfMessage(answerTo(second!, 'call_refs'));
    // The step, with our invocation title.
    await expectPage('.interactive-response', { text: 'LSP findReferences basic/src/geometry.ts:3:17' });
    // The card and the editor, from the agent's call (before our own invokeTool below repeats it).
    await api().followAlongSettled();
    assert.equal(api().card.historySize, historyBefore + 1, "the agent's call reached the card");
    const [title] = await pageTexts('.card-title', { text: 'References to', timeoutMs: 15_000 });
    assert.equal(title, 'References to totalArea', 'the card titles it for a person; the step above keeps the call');
    await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
    assert.deepEqual(await pageTexts('.summary'), ['7 results in 3 files']);
    await until(() => activeAt('/basic/src/geometry.ts', 3, 17), Boolean, 'follow-along moved the editor to geometry.ts:3:17');
    // What the model read is exactly what lm.invokeTool gives for the same input.
    assert.equal(answer, await invoke(REFS));
    measure(`copilot findReferences: the tool message is ${answer.length} characters, identical to lm.invokeTool's text`);

    // Expand the steps, then our step: the chat shows what the model sent and read back.
    await page('click', { selector: '.interactive-response :text("Completed")', dispatch: true });
    await page('click', { selector: '.chat-tool-invocation-part .chat-confirmation-widget-title', dispatch: true });
    const [step] = await pageTexts('.chat-tool-invocation-part', { text: 'Output' });
    const shown = step!.replace(/\s+/g, '');
    for (const expected of [
      'LSPfindReferencesbasic/src/geometry.ts:3:17',
      '"operation":"findReferences"',
      '"file_path":"basic/src/geometry.ts"',
      '"line":3',
      '"character":17',
      "basic/src/main.ts:2:10:import{totalArea,UNIT}from'./geometry';",
      'basic/src/main.ts:5:13:console.log(totalArea(shapes));',
    ]) {
      assert.ok(shown.includes(expected), `${expected} in the expanded step: ${step}`);
    }
    // The README's screenshot: the chat view, wide enough to read.
    // Copilot's "Set BYOK utility models" notice covers the input box: dismiss it when it shows.
    if ((await pageTexts('.chat-input-notification-dismiss', { timeoutMs: 0 })).length > 0)
      await page('click', { selector: '.chat-input-notification-dismiss' });
    await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
    try {
      await page('screenshot', { name: 'tool-call', selector: CHAT });
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedAuxiliaryBar');
    }
  });

  test('not streamed: the same call through a non-streaming model gets the same tool message', async () => {
    await script([{ toolCalls: [{ id: 'call_refs_plain', name: 'lsp', arguments: REFS }] }, { text: 'Not streamed, done.' }]);
    await askAgent('Who uses totalArea? (not streamed)', { model: NOT_STREAMED });
    await finalAnswer('Not streamed, done.');
    const [first, second] = await waitForAgentRequests(2);
    assert.equal(first!.body.stream, false, 'the request asked for no stream');
    assert.equal(textOfMessage(answerTo(second!, 'call_refs_plain')), await invoke(REFS));
  });

  test("bad arguments from the model: line 0 reaches us and the model reads our coded error; an unknown operation or a missing file_path is stopped by Copilot's schema check; the loop goes on to the final answer", async () => {
    const ours = { id: 'call_line0', input: { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 0, character: 17 } };
    // Our inputSchema's enum and required list: Copilot validates against them before it calls the tool.
    const schemaChecked = [
      {
        id: 'call_badop',
        input: { operation: 'findUsages', file_path: 'basic/src/geometry.ts', line: 3, character: 17 },
        logged: 'findUsages basic/src/geometry.ts:3:17',
      },
      { id: 'call_nofile', input: { operation: 'findReferences', line: 3, character: 17 }, logged: 'findReferences undefined:3:17' },
    ];
    const all = [ours, ...schemaChecked];
    const logBefore = logText().length;
    await script([...all.map((c) => ({ toolCalls: [{ id: c.id, name: 'lsp', arguments: c.input }] })), { text: 'Recovered from bad arguments.' }]);
    await askAgent('Find the references of totalArea, carelessly.');
    await finalAnswer('Recovered from bad arguments.');
    const agent = await waitForAgentRequests(all.length + 1);
    const contentOf = (id: string): string => textOfMessage(answerTo(agent[all.findIndex((c) => c.id === id) + 1]!, id));

    const expected = await errorOf(ours.input);
    assert.match(expected, /^LSP_INVALID_ARGUMENT: line must be a positive integer/);
    const content = contentOf(ours.id);
    assert.ok(content.includes(expected), `the tool message carries our error "${expected}"; it was: ${content}`);
    measure(`copilot wraps our error (line 0) as: ${JSON.stringify(content.replace(expected, '<our error message>'))}`);

    const logged = logLinesAfter(logBefore);
    for (const c of schemaChecked) {
      const text = contentOf(c.id);
      assert.match(text, /^ERROR: Your input to the tool was invalid \(/, `${c.id}: Copilot's schema check answered: ${text}`);
      assert.doesNotMatch(text, /LSP_/);
      assert.ok(!logged.some((l) => l.includes(c.logged)), `${c.id} never reached our tool; our log: ${logged.join('\n')}`);
      measure(`copilot answers ${c.id} itself, before calling lsp: ${JSON.stringify(text)} (ours would have been ${JSON.stringify(await errorOf(c.input))})`);
    }
  });

  test('#lsp in the prompt offers the tool', async () => {
    await script([{ text: 'Referenced.' }]);
    await askAgent('#lsp who calls totalArea?');
    await finalAnswer('Referenced.');
    const [first] = await waitForAgentRequests(1);
    assert.ok(definition(first!, 'lsp'), 'lsp is offered');
    // Copilot resolved the reference to our tool: it writes a tool reference as its name in quotes.
    const user = lastUserText(first!);
    assert.ok(user.includes("<userRequest>\n'lsp' who calls totalArea?\n</userRequest>"), user.slice(-300));
    measure(`copilot #lsp: the user request reads ${JSON.stringify(user.slice(user.indexOf('<userRequest>')))}`);
  });

  test("an answer over Copilot's 8,192-character threshold reaches the model inline: the locations that fit, bare, then the omission marker", async () => {
    await setSetting('maxLocations', 1000);
    try {
      const input = { operation: 'findReferences', file_path: 'basic/fault/many.lspfault', line: 1, character: 1 };
      await script([{ toolCalls: [{ id: 'call_large', name: 'lsp', arguments: input }] }, { text: 'Large result seen.' }]);
      await askAgent('Where is many used?');
      await finalAnswer('Large result seen.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_large'));
      // The same call outside a chat request has no reader budget: over the threshold, cut by maxResultChars as before.
      const unbudgeted = await invoke(input);
      assert.ok(unbudgeted.length > 8192, `without a budget the text is over the threshold: ${unbudgeted.length}`);
      const shape = shapeOf(content, 'locations');
      assert.ok(!shape.pointer, `inline, not a pointer: ${content.slice(0, 200)}`);
      assert.ok(content.length <= 8192, `within the threshold: ${content.length}`);
      const lines = content.split('\n');
      const marker = /^… (\d+) more locations omitted \(limit 8192 characters\)\.$/.exec(lines.at(-1)!);
      assert.ok(marker, `the omission marker ends it: ${lines.at(-1)}`);
      const result = await query(input);
      assert.equal(
        shape.entries + Number(marker[1]),
        result.kind === 'locations' ? result.locations.length : -1,
        'what is shown and what is omitted add up to the answer',
      );
      assert.equal(shape.withOptional, 0, 'bare locations: the previews gave way first');
      const full = unbudgeted.split('\n');
      for (let i = 0; i < shape.entries; i++) assert.equal(lines[i], full[i]!.replace(/: row \d+$|: many$/, ''), `location ${i + 1} in answer order`);
      measure(
        `copilot large result: our answer reached the model inline, ${describeShape(shape, 'locations')}; without a budget it is ${unbudgeted.length} characters`,
      );
    } finally {
      await setSetting('maxLocations', undefined);
    }
  });

  test("Copilot's own threshold setting is the budget: lowered to 3,000, the answer fits 3,000 and stays inline", async () => {
    const copilotConfig = () => vscode.workspace.getConfiguration('github.copilot.chat.agent.largeToolResultsToDisk');
    await copilotConfig().update('thresholdBytes', 3000, vscode.ConfigurationTarget.Global);
    try {
      const input = { operation: 'findReferences', file_path: 'basic/fault/many.lspfault', line: 1, character: 1 };
      await script([{ toolCalls: [{ id: 'call_threshold', name: 'lsp', arguments: input }] }, { text: 'Threshold seen.' }]);
      await askAgent('Where is many used? (threshold 3000)');
      await finalAnswer('Threshold seen.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_threshold'));
      const shape = shapeOf(content, 'locations');
      assert.ok(!shape.pointer && content.length <= 3000, `inline within 3,000: ${content.length} ${content.slice(0, 120)}`);
      assert.match(content, /\n… \d+ more locations omitted \(limit 3000 characters\)\.$/);
      measure(`copilot threshold 3000: ${describeShape(shape, 'locations')}`);
    } finally {
      await copilotConfig().update('thresholdBytes', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  // In this order: once "Allow in this Session" is clicked, VS Code asks no more in this window
  // (the third test shows it), so the decline comes first.
  suite('outside the workspace', () => {
    const outside = () => vscode.Uri.joinPath(folderUri('basic'), '..', 'outside', 'external.ts').fsPath;
    const hoverOutside = () => ({ operation: 'hover', file_path: outside(), line: 1, character: 14 });
    const CONFIRM = 'Query a file outside the workspace?';

    test('policy ask: declining (Skip) sends the model a refusal and leaves the card untouched', async () => {
      await api().followAlongSettled();
      const historyBefore = api().card.historySize;
      await script([{ toolCalls: [{ id: 'call_outside_no', name: 'lsp', arguments: hoverOutside() }] }, { text: 'Skipped the outside file.' }]);
      await askAgent('What is external? (decline)');
      await expectPage(CHAT, { text: CONFIRM, timeoutMs: 60_000 });
      assert.equal((await requests()).filter((r) => r.agentTurn).length, 1, 'the loop waits on the confirmation');
      await vscode.commands.executeCommand('workbench.action.chat.skipTool');
      await finalAnswer('Skipped the outside file.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_outside_no'));
      assert.doesNotMatch(content, /external: 42/);
      measure(`copilot sends a declined (skipped) call as: ${JSON.stringify(content)}`);
      await api().followAlongSettled();
      assert.equal(api().card.historySize, historyBefore, 'the card is untouched');
    });

    test('policy ask: Copilot shows our confirmation; accepting runs the query', async () => {
      await script([{ toolCalls: [{ id: 'call_outside_yes', name: 'lsp', arguments: hoverOutside() }] }, { text: 'Outside file read.' }]);
      await askAgent('What is external?');
      await expectPage(CHAT, { text: CONFIRM, timeoutMs: 60_000 });
      assert.equal((await requests()).filter((r) => r.agentTurn).length, 1, 'the loop waits on the confirmation');
      // The confirmation's primary button, "Allow in this Session" in this VS Code.
      const buttons = await pageTexts(`${CHAT} .monaco-button`, { timeoutMs: 1000 });
      measure(`copilot confirmation buttons: ${JSON.stringify(buttons.filter((b) => b.trim()))}`);
      await vscode.commands.executeCommand('workbench.action.chat.acceptTool');
      await finalAnswer('Outside file read.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_outside_yes'));
      assert.match(content, /const external: 42/);
      await api().followAlongSettled();
      await expectPage('.card-title', { text: 'Hover on external', timeoutMs: 15_000 });
      // A first hover in a file tsserver has not loaded can read "(loading...) const external: 42".
      if (content.includes('(loading...)')) measure(`copilot outside hover: the model read tsserver's loading answer: ${JSON.stringify(content)}`);
    });

    test('policy ask: after "Allow in this Session", a new chat\'s call outside the workspace is not asked again', async () => {
      await script([{ toolCalls: [{ id: 'call_outside_again', name: 'lsp', arguments: hoverOutside() }] }, { text: 'Outside file read again.' }]);
      await askAgent('What is external? (again)');
      await finalAnswer('Outside file read again.');
      const [, second] = await waitForAgentRequests(2);
      assert.match(textOfMessage(answerTo(second!, 'call_outside_again')), /const external: 42/);
    });

    test('policy deny: the model gets LSP_OUTSIDE_WORKSPACE_DENIED, with no confirmation', async () => {
      await setSetting('outsideWorkspace', 'deny');
      const expected = await errorOf(hoverOutside());
      assert.match(expected, /^LSP_OUTSIDE_WORKSPACE_DENIED: /);
      await script([{ toolCalls: [{ id: 'call_outside_deny', name: 'lsp', arguments: hoverOutside() }] }, { text: 'Denied, as configured.' }]);
      await askAgent('What is external? (deny)');
      await finalAnswer('Denied, as configured.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_outside_deny'));
      assert.ok(content.includes(expected), content);
      measure(`copilot wraps a denial as: ${JSON.stringify(content.replace(expected, '<our error message>'))}`);
    });
  });

  test('the stop button while a provider hangs: our call ends with LSP_CANCELLED, no late card update, no error logged', async () => {
    await api().followAlongSettled();
    const historyBefore = api().card.historySize;
    const before = await faultCalls();
    const logBefore = logText().length;
    const HANG = { operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 };
    await script([{ toolCalls: [{ id: 'call_hang', name: 'lsp', arguments: HANG }] }, { text: 'This answer must never be asked for.' }]);
    await askAgent('Where is hang defined?');
    await until(faultCalls, (c) => c.calls > before.calls, 'the hanging provider to be called', 60_000);
    const stoppedAt = Date.now();
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    const cancelled = await until(
      () => logLinesAfter(logBefore).find((l) => l.includes('sample.lspfault:2:1 failed') && l.includes('LSP_CANCELLED')),
      Boolean,
      'our log line for the cancelled call',
      10_000,
    );
    const endedAfter = loggedAt(cancelled!) - stoppedAt;
    measure(
      `copilot stop button: our call ended with LSP_CANCELLED ${endedAfter}ms after workbench.action.chat.cancel (log: ${cancelled!.replace(/^\S+ \S+ /, '')})`,
    );
    // The provider's late answer arrives (5 s after the call) and must not reach the card.
    await until(faultCalls, (c) => c.late > before.late, 'the provider to answer late', 15_000);
    await api().followAlongSettled();
    assert.equal(api().card.historySize, historyBefore, 'no late card update');
    const errors = logLinesAfter(logBefore).filter((l) => /\[error\]/.test(l));
    assert.deepEqual(errors, [], 'no error in our log');
    const agent = (await requests()).filter((r) => r.agentTurn);
    assert.equal(agent.length, 1, 'the stopped loop asked the model nothing more');
  });

  test('two tool calls in one assistant turn (definition and hover): both answered, each with its own id', async () => {
    const definitionInput = { operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 13 };
    const hoverInput = { operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };
    await script([
      {
        toolCalls: [
          { id: 'call_def', name: 'lsp', arguments: definitionInput },
          { id: 'call_hover', name: 'lsp', arguments: hoverInput },
        ],
      },
      { text: 'Both answers read.' },
    ]);
    await askAgent('Where is totalArea defined, and what is its type?');
    await finalAnswer('Both answers read.');
    const [, second] = await waitForAgentRequests(2);
    const assistant = second!.body.messages.find((m) => m.role === 'assistant' && m.tool_calls?.length);
    assert.deepEqual(
      assistant?.tool_calls?.map((c) => c.id),
      ['call_def', 'call_hover'],
    );
    assert.equal(textOfMessage(answerTo(second!, 'call_def')), await invoke(definitionInput));
    // Copilot drops trailing whitespace from a tool's text (our hover text ends with a newline).
    const hover = await invoke(hoverInput);
    assert.equal(textOfMessage(answerTo(second!, 'call_hover')), hover.trimEnd());
    measure(
      `copilot two calls in one turn: tool messages ${textOfMessage(answerTo(second!, 'call_def')).length} and ${textOfMessage(answerTo(second!, 'call_hover')).length} characters; ours ${hover.length > hover.trimEnd().length ? `ended with ${JSON.stringify(hover.slice(hover.trimEnd().length))}, which Copilot dropped` : 'had no trailing whitespace'}`,
    );
  });

  test('lsp_rename in the agent loop: Copilot asks first, naming the symbol, the new name and the files; accepted, the files change on disk, saved', async () => {
    const dir = vscode.Uri.joinPath(folderUri('basic'), 'copilot-rename-gen');
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "commonjs", "noEmit": true }, "include": ["*.ts"] }\n',
      'lib.ts': 'export function copilotShared(): number {\n  return 1;\n}\n',
      'use.ts': "import { copilotShared } from './lib';\n\nexport const used = copilotShared();\n",
    };
    const fileOf = (name: string): string => vscode.Uri.joinPath(dir, name).fsPath;
    fs.rmSync(dir.fsPath, { recursive: true, force: true });
    fs.mkdirSync(dir.fsPath, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(fileOf(name), text);
    try {
      const lib = vscode.Uri.file(fileOf('lib.ts'));
      await vscode.workspace.openTextDocument(lib);
      await until(
        async () => (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', lib, new vscode.Position(0, 16))).length,
        (n) => n === 3,
        'tsserver sees both files',
        30_000,
      );
      const input = { file_path: 'basic/copilot-rename-gen/lib.ts', line: 1, character: 17, new_name: 'copilotRenamed' };
      await script([{ toolCalls: [{ id: 'call_rename', name: 'lsp_rename', arguments: input }] }, { text: 'Renamed it.' }]);
      await askAgent('Rename copilotShared to copilotRenamed everywhere.');
      const [asked] = await expectPage(CHAT, { text: '2 files change', timeoutMs: 60_000 });
      assert.match(asked!, /Rename\s*`?copilotShared`?\s*to\s*`?copilotRenamed`?\s*\?/, 'the confirmation names the symbol and the new name');
      assert.equal((await requests()).filter((r) => r.agentTurn).length, 1, 'the loop waits on the confirmation');
      assert.equal(fs.readFileSync(fileOf('lib.ts'), 'utf8'), files['lib.ts'], 'nothing changes before the person allows it');
      await vscode.commands.executeCommand('workbench.action.chat.acceptTool');
      await finalAnswer('Renamed it.');
      const [, second] = await waitForAgentRequests(2);
      const content = textOfMessage(answerTo(second!, 'call_rename'));
      assert.match(content, /^Renamed `copilotShared` to `copilotRenamed`: 3 edits in 2 files\.$/m, content);
      assert.match(content, /^The rename broke nothing/m, content);
      assert.equal(fs.readFileSync(fileOf('lib.ts'), 'utf8'), files['lib.ts']!.replace('copilotShared', 'copilotRenamed'));
      assert.equal(fs.readFileSync(fileOf('use.ts'), 'utf8'), files['use.ts']!.split('copilotShared').join('copilotRenamed'));
      assert.deepEqual(
        vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(dir.fsPath)).map((d) => d.uri.fsPath),
        [],
        'saved',
      );
      measure(`copilot lsp_rename: asked ${JSON.stringify(asked!.slice(asked!.indexOf('Rename'), asked!.indexOf('2 files change') + 60))}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
      fs.rmSync(dir.fsPath, { recursive: true, force: true });
    }
  });
});
