// Benchmark entry for the real Claude Code CLI (run by bench/claudeCode.mjs in a host with the fake
// Anthropic model, on rxjs): what our three MCP tools add to every Claude Code request, deferred
// and once loaded, and the wall time from the model's tool call to Claude Code's next request,
// beside lm.invokeTool on the same input. Measured and written, never asserted.
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { type AnthropicRequest, agentRequests, lastToolResults, mcpToolName, resultText, runClaude, script } from '../integration/claudeCodeAgent';
import { runBenchPart, stat } from './report';
import { MANIFESTS } from '../../src/tools/list';

const RUNS = Number(process.env.LSP_TOOL_BENCH_CLAUDE_RUNS ?? 5);
const QUESTION = { operation: 'findReferences', file_path: 'src/internal/Subscription.ts', line: 16, character: 14 };
/** Every tool we contribute, by the one list of manifests. */
const OUR_TOOLS = MANIFESTS.map((m) => m.name);

/** One `claude -p` run with a script; the model's requests. */
async function session(turns: Parameters<typeof script>[0], options: Parameters<typeof runClaude>[1] = {}): Promise<AnthropicRequest[]> {
  await script(turns);
  const run = await runClaude('Who uses Subscription?', options);
  if (run.exitCode !== 0) throw new Error(`claude -p exited ${run.exitCode}: ${run.stderr}`);
  return agentRequests();
}

async function measure(): Promise<Record<string, unknown>> {
  await vscode.extensions.getExtension<LspToolApi>('lsp-tool.lsp-tool')!.activate();
  await vscode.workspace.getConfiguration('lspTool').update('followAlong', false, vscode.ConfigurationTarget.Global);
  const invokeOnce = async (): Promise<{ ms: number; text: string }> => {
    const started = performance.now();
    const result = await vscode.lm.invokeTool('lsp', { input: QUESTION, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const ms = performance.now() - started;
    return { ms, text: result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('') };
  };
  // Warm: the language server has loaded rxjs before anything is timed.
  await invokeOnce();

  // Deferred: the same one-turn session with no MCP server and with ours; the difference is what we add.
  const [without] = await session([{ text: 'Done.' }], { mcpConfig: { mcpServers: {} } });
  const [withOurs] = await session([{ text: 'Done.' }]);
  // Loaded: ToolSearch loads all three; the next request carries their definitions.
  const select = `select:${OUR_TOOLS.map(mcpToolName).join(',')}`;
  const loadedRequests = await session([{ toolUses: [{ name: 'ToolSearch', input: { query: select, max_results: 5 } }] }, { text: 'Done.' }]);
  const loaded = loadedRequests[1]!;
  const definitions = OUR_TOOLS.map((name) => {
    const tool = loaded.body.tools?.find((t) => t.name === mcpToolName(name));
    return { name: mcpToolName(name), offered: !!tool, chars: tool ? JSON.stringify(tool).length : 0, descriptionChars: tool?.description?.length ?? 0 };
  });

  // Tool call -> next request, interleaved with lm.invokeTool on the same input.
  const callToNext: number[] = [];
  const invoke: number[] = [];
  let toolResultChars = 0;
  let textChars = 0;
  for (let i = 0; i < RUNS; i++) {
    const id = `toolu_bench_${i}`;
    const requests = await session([
      { toolUses: [{ name: 'ToolSearch', input: { query: `select:${mcpToolName('lsp')}`, max_results: 5 } }] },
      { toolUses: [{ id, name: mcpToolName('lsp'), input: QUESTION }] },
      { text: 'Done.' },
    ]);
    const [, call, next] = requests as [AnthropicRequest, AnthropicRequest, AnthropicRequest];
    callToNext.push(next.at - call.answeredAt);
    toolResultChars = resultText(lastToolResults(next).find((b) => b.tool_use_id === id)!).length;
    const direct = await invokeOnce();
    invoke.push(direct.ms);
    textChars = direct.text.length;
  }
  await vscode.workspace.getConfiguration('lspTool').update('followAlong', undefined, vscode.ConfigurationTarget.Global);
  const reminder = /<system-reminder>\nThe following deferred tools[\s\S]*?<\/system-reminder>/.exec(withOurs!.raw.replace(/\\n/g, '\n'))?.[0];
  return {
    claudeCodeVersion: process.env.LSP_TOOL_CLAUDE_VERSION,
    vscodeVersion: vscode.version,
    runs: RUNS,
    request: {
      withoutChars: without!.raw.length,
      withChars: withOurs!.raw.length,
      addedChars: withOurs!.raw.length - without!.raw.length,
      toolsWithout: without!.body.tools?.map((t) => t.name),
      toolsWith: withOurs!.body.tools?.map((t) => t.name),
      deferredReminder: reminder,
    },
    loaded: { chars: loaded.raw.length, definitions },
    lsp: { textChars, toolResultChars, callToNext: stat(callToNext), invoke: stat(invoke) },
  };
}

export function run(): Promise<void> {
  return runBenchPart('bench claude code', measure);
}
