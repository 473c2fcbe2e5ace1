// Benchmark entry for the real Copilot Chat agent loop (run by bench/copilot.mjs in a host with the
// fake model, on rxjs): what our tools cost every request, what "who uses Subscription?" costs as a
// tool message from `lsp findReferences` and from the built-in `vscode_listCodeUsages`, and the wall
// time from the model's tool call to Copilot's next request. Measured and written, never asserted.
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { askAgent, copilotReady, type ModelRequest, script, textOfMessage, toolMessages, waitForAgentRequests } from '../integration/copilotAgent';
import { pageTexts } from '../integration/helpers';
import { shapeOf, type AnswerKind } from '../integration/answerShape';
import { runBenchPart, stat } from './report';

const RUNS = Number(process.env.LSP_TOOL_BENCH_COPILOT_RUNS ?? 5);
const QUESTION = { file_path: 'src/internal/Subscription.ts', line: 16, character: 14 };
const SYMBOL = 'Subscription';

interface ContributedTool {
  name: string;
  modelDescription: string;
}

let session = 0;
/** One agent session: the model calls `name` with `input`, reads the answer, and says done. */
async function loop(name: string, input: object): Promise<{ requests: ModelRequest[]; toolMessage: string; callToNextMs: number }> {
  const id = `call_bench_${++session}`;
  const done = `Bench session ${session} done.`;
  await script([{ toolCalls: [{ id, name, arguments: input }] }, { text: done }]);
  await askAgent(`Who uses Subscription? (bench ${session})`);
  await pageTexts('.interactive-response', { text: done, timeoutMs: 120_000 });
  const requests = await waitForAgentRequests(2);
  const [first, second] = requests as [ModelRequest, ModelRequest];
  const message = toolMessages(second).find((m) => m.tool_call_id === id);
  if (!message) throw new Error(`no tool message for ${id} in the next request`);
  return { requests, toolMessage: textOfMessage(message), callToNextMs: second.at - first.answeredAt };
}

/** The same call through lm.invokeTool (outside a chat request: no reader budget): its time and its text. */
async function invoked(name: string, input: object): Promise<{ ms: number; chars: number; text: string }> {
  const started = performance.now();
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  const ms = performance.now() - started;
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  return { ms, chars: text.length, text };
}

/** The answers that went to disk before they had a budget: what the model reads of each, against the same text outside a chat request. */
const ANSWERS: { label: string; name: string; kind: AnswerKind; input: object }[] = [
  { label: '`lsp` findReferences `Subscription`', name: 'lsp', kind: 'locations', input: { operation: 'findReferences', ...QUESTION } },
  {
    label: '`lsp_hierarchy` callers of `operate`, depth 3',
    name: 'lsp_hierarchy',
    kind: 'hierarchy',
    input: { direction: 'incomingCalls', file_path: 'src/internal/util/lift.ts', line: 17, character: 17, depth: 3 },
  },
  { label: '`lsp_symbols` `Subscription`', name: 'lsp_symbols', kind: 'symbols', input: { query: 'Subscription' } },
];

async function measure(): Promise<Record<string, unknown>> {
  const api = await vscode.extensions.getExtension<LspToolApi>('lsp-tool.lsp-tool')!.activate();
  await copilotReady();
  await vscode.workspace.getConfiguration('lspTool').update('followAlong', false, vscode.ConfigurationTarget.Global);
  const root = vscode.extensions.getExtension('lsp-tool.lsp-tool')!.extensionUri;
  const manifest = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, 'package.json')))) as {
    contributes: { languageModelTools: ContributedTool[] };
  };

  // Warm: the language server has loaded rxjs before anything is timed.
  const ours = { operation: 'findReferences', ...QUESTION };
  await api.query(ours);
  const usagesTool = vscode.lm.tools.find((t) => t.name === 'vscode_listCodeUsages');
  const props = (usagesTool?.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  // Its schema takes a symbol and either a uri or a workspace-relative filePath (see test/bench/index.ts).
  const theirs: Record<string, unknown> = {};
  if ('symbol' in props) theirs.symbol = SYMBOL;
  if ('filePath' in props) theirs.filePath = QUESTION.file_path;
  if ('lineContent' in props)
    theirs.lineContent = (await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, QUESTION.file_path))).lineAt(
      QUESTION.line - 1,
    ).text;

  const oursRuns = [];
  const theirsRuns = [];
  const oursInvoke: { ms: number; chars: number }[] = [];
  const theirsInvoke: { ms: number; chars: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    oursRuns.push(await loop('lsp', ours));
    if (usagesTool) theirsRuns.push(await loop('vscode_listCodeUsages', theirs));
    oursInvoke.push(await invoked('lsp', ours));
    if (usagesTool) theirsInvoke.push(await invoked('vscode_listCodeUsages', theirs));
  }
  const answers = [];
  for (const a of ANSWERS) {
    const read = await loop(a.name, a.input);
    const outside = await invoked(a.name, a.input);
    answers.push({
      label: a.label,
      kind: a.kind,
      model: shapeOf(read.toolMessage, a.kind),
      outside: shapeOf(outside.text, a.kind),
      sample: read.toolMessage.slice(-300),
    });
  }
  await vscode.workspace.getConfiguration('lspTool').update('followAlong', undefined, vscode.ConfigurationTarget.Global);

  const request = oursRuns[0]!.requests[0]!;
  const entries = request.body.tools ?? [];
  const definitions = manifest.contributes.languageModelTools.map((t) => {
    const offered = entries.find((e) => e.function.name === t.name);
    return { name: t.name, offered: !!offered, chars: offered ? JSON.stringify(offered).length : 0, descriptionChars: t.modelDescription.length };
  });
  const builtin = entries.find((e) => e.function.name === 'vscode_listCodeUsages');
  return {
    copilotVersion: (vscode.extensions.getExtension('GitHub.copilot-chat')?.packageJSON as { version?: string } | undefined)?.version,
    vscodeVersion: vscode.version,
    runs: RUNS,
    request: {
      chars: request.raw.length,
      toolsChars: JSON.stringify(entries).length,
      tools: entries.length,
      systemPromptChars: textOfMessage(request.body.messages[0]).length,
    },
    definitions,
    listCodeUsagesDefinitionChars: builtin ? JSON.stringify(builtin).length : undefined,
    question: { ours, theirs, theirSchema: usagesTool?.inputSchema },
    lsp: {
      toolMessageChars: oursRuns[0]!.toolMessage.length,
      toolMessageLines: oursRuns[0]!.toolMessage.split('\n').length,
      textChars: oursInvoke[0]!.chars,
      callToNext: stat(oursRuns.map((r) => r.callToNextMs)),
      invoke: stat(oursInvoke.map((i) => i.ms)),
      sample: oursRuns[0]!.toolMessage.slice(0, 400),
    },
    answers,
    listCodeUsages: usagesTool
      ? {
          toolMessageChars: theirsRuns[0]!.toolMessage.length,
          toolMessageLines: theirsRuns[0]!.toolMessage.split('\n').length,
          textChars: theirsInvoke[0]!.chars,
          callToNext: stat(theirsRuns.map((r) => r.callToNextMs)),
          invoke: stat(theirsInvoke.map((i) => i.ms)),
          sample: theirsRuns[0]!.toolMessage.slice(0, 400),
        }
      : undefined,
  };
}

export function run(): Promise<void> {
  return runBenchPart('bench copilot', measure);
}
