// Benchmark entry, run inside the real extension host by bench/run.mjs. Every ratio is measured
// side by side in one run (interleaved), never asserted: these machines are shared and noisy.
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as vscode from 'vscode';
import type { CardMetrics } from '../../src/card/cardViewProvider';
import {
  DOCUMENT_SYMBOLS_COMMAND,
  HIERARCHY_COMMAND,
  PREPARE_HIERARCHY_COMMAND,
  PROVIDER_COMMAND,
  WORKSPACE_SYMBOLS_COMMAND,
} from '../../src/engine/operations';
import type { HierarchyResult } from '../../src/engine/hierarchyResult';
import type { LspToolApi } from '../../src/extension';
import { measureDiagnostics } from './diagnostics';
import { measureReach } from './reach';
import { measureRename } from './rename';
import { measureRender, stat } from './render';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

interface Query {
  label: string;
  operation: 'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover';
  file_path: string;
  line: number;
  character: number;
  /** Invoked as a chat request invokes it (tokenizationOptions given): the answer fits Copilot's inline threshold. */
  asChat?: boolean;
}

/** What Copilot Chat's agent passes with every tool call; a budget this large is never the one that binds. */
const CHAT_TOKENIZATION: vscode.LanguageModelToolTokenizationOptions = {
  tokenBudget: 100_000,
  countTokens: (text) => Promise.resolve(Math.ceil(text.length / 4)),
};

const RUNS = Number(process.env.LSP_TOOL_BENCH_RUNS ?? 15);
/**
 * Warm pairs (raw call, tool call) per query: at least RUNS, then more until PAIRS or until the
 * query has had PAIR_SECONDS. The tool adds about half a millisecond to a 12 ms call (timed phase
 * by phase in the host), while a median of 15 pair ratios moved by ±0.1 between identical runs on
 * this shared machine, as much as the budget's whole margin: short calls get many more pairs.
 */
const PAIRS = Math.max(RUNS, Number(process.env.LSP_TOOL_BENCH_PAIRS ?? 81));
const PAIR_SECONDS = Number(process.env.LSP_TOOL_BENCH_PAIR_SECONDS ?? 30);
/** The pause before each timed warm call, after what the previous call set off has run. */
const QUIET_MS = Number(process.env.LSP_TOOL_BENCH_QUIET_MS ?? 25);
/** Parts to measure (comma list of cold, warm, usages, card, render); all by default. For profiling one part. */
/** Write-to-answer trials of lsp_diagnostics, each a write of the error and a write of its fix. */
const RUNS_DIAGNOSTICS = Number(process.env.LSP_TOOL_BENCH_DIAGNOSTICS_RUNS ?? 5);
/** Edit-and-undo trials of "what did my edit break", each timed against the language's checker. */
const RUNS_REACH = Number(process.env.LSP_TOOL_BENCH_REACH_RUNS ?? 3);
/** Rename trials of lsp_rename against the raw path, each a rename one way and back. */
const RUNS_RENAME = Number(process.env.LSP_TOOL_BENCH_RENAME_RUNS ?? 6);
const PARTS = new Set((process.env.LSP_TOOL_BENCH_PARTS ?? 'cold,warm,mcp,usages,symbols,card,render,hierarchy').split(','));

/** The raw provider call behind each operation: the product's own map. */
const COMMAND = PROVIDER_COMMAND;

async function time<T>(work: () => Thenable<T> | Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

/**
 * One raw call and one tool call, timed, each on a quiet window (what a tool call sets off after
 * answering, the card and follow-along, must not land in the next measurement). Pairs alternate
 * their order, so neither side always runs on a warmer cache.
 */
async function timedPair<R, T>(
  i: number,
  raw: () => Thenable<R> | Promise<R>,
  tool: () => Promise<T>,
  quiet: () => Promise<void>,
): Promise<[[number, R], [number, T]]> {
  if (i % 2 === 0) {
    const r = await time(raw);
    await quiet();
    const t = await time(tool);
    await quiet();
    return [r, t];
  }
  const t = await time(tool);
  await quiet();
  const r = await time(raw);
  await quiet();
  return [r, t];
}

function token(): vscode.CancellationToken {
  return new vscode.CancellationTokenSource().token;
}

async function invokeText(name: string, input: object, asChat = false): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined, ...(asChat ? { tokenizationOptions: CHAT_TOKENIZATION } : {}) },
    token(),
  );
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

function resolveUri(filePath: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, filePath);
}

function countOf(raw: unknown): number {
  return Array.isArray(raw) ? raw.length : raw ? 1 : 0;
}

export async function run(): Promise<void> {
  try {
    await measureAll();
  } catch (err) {
    // Report the failure to the runner instead of leaving it waiting for results.
    const results = process.env.LSP_TOOL_TEST_RESULTS;
    if (results)
      fs.writeFileSync(
        results,
        JSON.stringify({ done: true, records: [{ title: 'bench', state: 'failed', durationMs: 0, error: String((err as Error).stack ?? err) }] }),
      );
    throw err;
  }
}

/**
 * With LSP_TOOL_BENCH_PROFILE set, CPU profiles of the extension host (V8's own profiler) and of
 * the workbench page (through the runner's page RPC) are written there, side by side.
 */
let profiles = 0;
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const base = process.env.LSP_TOOL_BENCH_PROFILE;
  if (!base) return work();
  const out = `${base}.${profiles++}.cpuprofile`;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: Number(process.env.LSP_TOOL_BENCH_PROFILE_US ?? 200) });
  await post('Profiler.start');
  const pageRpc = process.env.LSP_TOOL_PAGE_RPC;
  const page = (op: string, args: object = {}): Promise<Response> => fetch(pageRpc!, { method: 'POST', body: JSON.stringify({ op, ...args }) });
  if (pageRpc) await page('profileStart');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(out, JSON.stringify(profile));
    session.disconnect();
    if (pageRpc) await page('profileStop', { path: out.replace(/\.cpuprofile$/, '.page.cpuprofile') });
  }
}

async function measureAll(): Promise<void> {
  const out = process.env.LSP_TOOL_BENCH_OUT!;
  const progress = (step: string): void => fs.appendFileSync(`${out}.progress`, `${new Date().toISOString()} ${step}\n`);
  const queries = JSON.parse(process.env.LSP_TOOL_BENCH_QUERIES ?? '[]') as Query[];
  const report: Record<string, unknown> = { workload: process.env.LSP_TOOL_BENCH_WORKLOAD };
  const extension = vscode.extensions.getExtension<LspToolApi>('lsp-tool.lsp-tool')!;
  const [activationMs, api] = await time(() => extension.activate());
  report.activationCallMs = activationMs;
  report.activationMs = api.activationMs;
  await vscode.workspace.getConfiguration('lspTool').update('followAlong', false, vscode.ConfigurationTarget.Global);

  progress('activated');
  // Cold, in a fresh window: the tool's first answer against the time the raw answer became complete.
  const coldQuestion = process.env.LSP_TOOL_BENCH_COLD ? (JSON.parse(process.env.LSP_TOOL_BENCH_COLD) as ColdQuestion) : undefined;
  if (coldQuestion && PARTS.has('coldComplete')) {
    report.coldComplete = await coldAgainstComplete(api, coldQuestion);
    progress('cold against complete done');
  }
  // Cold start: our tool and the raw provider fired together on a just-opened project.
  const refs = queries.find((q) => q.operation === 'findReferences');
  if (refs && PARTS.has('cold')) {
    const uri = resolveUri(refs.file_path);
    const position = new vscode.Position(refs.line - 1, refs.character - 1);
    await vscode.workspace.openTextDocument(uri);
    const [[toolMs, toolResult], [rawMs, rawFirst]] = await Promise.all([
      time(() => api.query(refs)),
      time(() => vscode.commands.executeCommand(COMMAND.findReferences, uri, position)),
    ]);
    await new Promise((r) => setTimeout(r, 5000));
    const settled = countOf(await vscode.commands.executeCommand(COMMAND.findReferences, uri, position));
    const toolCount = toolResult.kind === 'locations' ? toolResult.locations.length : 0;
    report.coldStart = {
      toolMs,
      toolCount,
      toolCompleteness: toolResult.completeness,
      rawFirstMs: rawMs,
      rawFirstCount: countOf(rawFirst),
      settledCount: settled,
      toolComplete: toolCount === settled,
      rawFirstComplete: countOf(rawFirst) === settled,
    };
  }

  progress('cold start done');
  // Warm: the tool's invoke vs the raw provider call for the same query, interleaved; and the same
  // call through VS Code's tool service (lm.invokeTool), whose own round trip we measure as a floor.
  const operations: Record<string, unknown>[] = [];
  const quiet = async (): Promise<void> => {
    await api.followAlongSettled();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  };
  if (PARTS.has('warm'))
    await profiled(async () => {
      for (const q of queries) {
        const uri = resolveUri(q.file_path);
        const position = new vscode.Position(q.line - 1, q.character - 1);
        const input = { operation: q.operation, file_path: q.file_path, line: q.line, character: q.character };
        for (let i = 0; i < 3; i++) {
          await invokeText('lsp', input);
          await vscode.commands.executeCommand(COMMAND[q.operation], uri, position);
        }
        const raw: number[] = [];
        const invoke: number[] = [];
        const service: number[] = [];
        const floor: number[] = [];
        const ratios: number[] = [];
        let count = 0;
        let chars = 0;
        const invokeDirect = async (): Promise<string> => {
          const result = await api.tool.invoke(
            { input, toolInvocationToken: undefined, ...(q.asChat ? { tokenizationOptions: CHAT_TOKENIZATION } : {}) },
            token(),
          );
          return (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
        };
        const pairsStarted = performance.now();
        for (let i = 0; i < PAIRS && (i < RUNS || performance.now() - pairsStarted < PAIR_SECONDS * 1000); i++) {
          const [[r, value], [t, text]] = await timedPair(i, () => vscode.commands.executeCommand(COMMAND[q.operation], uri, position), invokeDirect, quiet);
          const [v] = await time(() => invokeText('lsp', input, q.asChat));
          await quiet();
          // The tool service's own round trip: an invocation our parser rejects at once.
          const [f] = await time(() => invokeText('lsp', { ...input, line: 0 }).catch(() => ''));
          await quiet();
          raw.push(r);
          invoke.push(t);
          service.push(v);
          floor.push(f);
          ratios.push(t / r);
          count = countOf(value);
          chars = text.length;
        }
        progress(`warm ${q.label} done`);
        const serviceStat = stat(service);
        const floorStat = stat(floor);
        const rawStat = stat(raw);
        operations.push({
          label: q.label,
          operation: q.operation,
          raw: rawStat,
          invoke: stat(invoke),
          service: serviceStat,
          floor: floorStat,
          // The median of the interleaved pairs' ratios: each pair ran back to back under the same load.
          ratio: stat(ratios).median,
          pairs: ratios.length,
          serviceRatio: serviceStat.median / rawStat.median,
          serviceMinusFloorRatio: (serviceStat.median - floorStat.median) / rawStat.median,
          locations: count,
          textChars: chars,
        });
      }
    });
  report.operations = operations;

  progress('warm done');
  if (PARTS.has('mcp')) report.mcp = await measureMcp(queries, quiet, progress);
  const hierarchyQueries = JSON.parse(process.env.LSP_TOOL_BENCH_HIERARCHY ?? '[]') as HierarchyQuery[];
  const diagnosticsFile = process.env.LSP_TOOL_BENCH_DIAGNOSTICS;
  if (PARTS.has('diagnostics') && diagnosticsFile) report.diagnostics = await measureDiagnostics(diagnosticsFile, RUNS_DIAGNOSTICS);
  const reachCase = process.env.LSP_TOOL_BENCH_REACH;
  if (PARTS.has('reach') && reachCase) report.reach = await measureReach(reachCase, RUNS_REACH);
  if (PARTS.has('rename')) report.rename = await measureRename(api, RUNS_RENAME);
  if (PARTS.has('hierarchy') && hierarchyQueries.length > 0) report.hierarchy = await measureHierarchy(api, hierarchyQueries, quiet, progress);
  // The built-in usages tool on the same symbol, when this VS Code has it.
  const usages = vscode.lm.tools.find((t) => t.name === 'vscode_listCodeUsages');
  if (usages && refs && PARTS.has('usages')) {
    const schema = usages.inputSchema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const uri = resolveUri(refs.file_path);
    const document = await vscode.workspace.openTextDocument(uri);
    const lineText = document.lineAt(refs.line - 1).text;
    const symbol = /[\p{L}_$][\p{L}\p{N}_$]*/u.exec(lineText.slice(refs.character - 1))?.[0] ?? '';
    const input: Record<string, unknown> = {};
    const props = schema?.properties ?? {};
    if ('symbol' in props) input.symbol = symbol;
    // Its schema takes either a full `uri` or a workspace-relative `filePath`, not both.
    // With `uri` this VS Code answers "Provide either uri or filePath"; the relative path works.
    if ('filePath' in props) input.filePath = refs.file_path;
    else if ('uri' in props) input.uri = uri.toString();
    if ('lineContent' in props) input.lineContent = lineText;
    const ours: number[] = [];
    const theirs: number[] = [];
    let theirText = '';
    let theirError: string | undefined;
    for (let i = 0; i < RUNS; i++) {
      ours.push(
        (await time(() => invokeText('lsp', { operation: 'findReferences', file_path: refs.file_path, line: refs.line, character: refs.character })))[0],
      );
      try {
        const [ms, text] = await time(() => invokeText('vscode_listCodeUsages', input));
        theirs.push(ms);
        theirText = text;
      } catch (err) {
        theirError = String(err);
        break;
      }
    }
    const ourResult = await api.query({ operation: 'findReferences', file_path: refs.file_path, line: refs.line, character: refs.character });
    report.usages = {
      schema: usages.inputSchema,
      input,
      ours: stat(ours),
      theirs: theirs.length ? stat(theirs) : undefined,
      ourLocations: ourResult.kind === 'locations' ? ourResult.locations.length : 0,
      theirLocations: (theirText.match(/<usage /g) ?? []).length,
      theirTextSample: theirText.slice(0, 600),
      theirChars: theirText.length,
      ourChars: (await invokeText('lsp', { operation: 'findReferences', file_path: refs.file_path, line: refs.line, character: refs.character })).length,
      theirError,
    };
  }

  progress('usages done');
  // lsp_symbols against the raw symbol commands, interleaved pairs as for the lsp tool.
  const symbolQueries = JSON.parse(process.env.LSP_TOOL_BENCH_SYMBOLS ?? '[]') as { label: string; query?: string; file_path?: string }[];
  if (PARTS.has('symbols') && symbolQueries.length > 0)
    await profiled(async () => {
      const rows: Record<string, unknown>[] = [];
      for (const q of symbolQueries) {
        const input = { ...(q.query === undefined ? {} : { query: q.query }), ...(q.file_path === undefined ? {} : { file_path: q.file_path }) };
        const rawCall = () =>
          q.file_path === undefined
            ? vscode.commands.executeCommand<unknown[]>(WORKSPACE_SYMBOLS_COMMAND, q.query)
            : vscode.commands.executeCommand<unknown[]>(DOCUMENT_SYMBOLS_COMMAND, resolveUri(q.file_path));
        const invokeDirect = async (): Promise<string> => {
          const result = await api.symbolsTool.invoke({ input, toolInvocationToken: undefined }, token());
          return (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
        };
        // Warm up (the first search loads the projects and waits for readiness).
        for (let i = 0; i < 3; i++) {
          await invokeDirect();
          await rawCall();
        }
        const raw: number[] = [];
        const invoke: number[] = [];
        const ratios: number[] = [];
        let text = '';
        let rawValue: unknown[] = [];
        const started = performance.now();
        for (let i = 0; i < PAIRS && (i < RUNS || performance.now() - started < PAIR_SECONDS * 1000); i++) {
          const [[r, rawAnswer], [t, toolText]] = await timedPair(i, rawCall, invokeDirect, quiet);
          rawValue = rawAnswer;
          text = toolText;
          raw.push(r);
          invoke.push(t);
          ratios.push(t / r);
        }
        const result = await api.symbols(input);
        const count = (list: readonly { children?: unknown[] }[]): number =>
          list.reduce((n, s) => n + 1 + count((s.children ?? []) as { children?: unknown[] }[]), 0);
        const symbolsShown = Math.min(count(result.symbols), Number(vscode.workspace.getConfiguration('lspTool').get('maxLocations') ?? 100));
        const rawSymbols = count((rawValue ?? []) as { children?: unknown[] }[]);
        // Each raw symbol's own fields as JSON, its children counted as symbols of their own (VS Code's
        // SymbolInformation.toJSON would leave nested children out of the answer's JSON).
        const flatRaw = (list: readonly { children?: unknown[] }[]): Record<string, unknown>[] =>
          list.flatMap((s) => [{ ...(s as Record<string, unknown>), children: undefined }, ...flatRaw((s.children ?? []) as { children?: unknown[] }[])]);
        const rawJsonChars = flatRaw((rawValue ?? []) as { children?: unknown[] }[]).reduce<number>((n, s) => n + JSON.stringify(s).length, 0);
        rows.push({
          label: q.label,
          raw: stat(raw),
          invoke: stat(invoke),
          ratio: stat(ratios).median,
          pairs: ratios.length,
          symbols: count(result.symbols),
          textChars: text.length,
          rawJsonChars,
          rawSymbols,
          rawSample: JSON.stringify(flatRaw((rawValue ?? []) as { children?: unknown[] }[])[0]),
          charsPerSymbol: text.length / Math.max(1, symbolsShown),
          rawCharsPerSymbol: rawJsonChars / Math.max(1, rawSymbols),
        });
        progress(`symbols ${q.label} done`);
      }
      report.symbols = rows;
    });
  // Card: query to first rows painted, for 100 and 5,000 locations (fixture only).
  if (process.env.LSP_TOOL_BENCH_CARD === '1' && PARTS.has('card'))
    await profiled(async () => {
      await vscode.commands.executeCommand('lspTool.showCard');
      await new Promise((r) => setTimeout(r, 3000));
      const card: Record<string, unknown> = {};
      for (const [label, file] of [
        ['100', 'fault/hundred.lspfault'],
        ['5000', 'fault/many.lspfault'],
      ] as const) {
        const webview: number[] = [];
        const endToEnd: number[] = [];
        const invoke: number[] = [];
        const toPost: number[] = [];
        const transport: number[] = [];
        const raw: number[] = [];
        const answerToPaint: number[] = [];
        const fileUri = resolveUri(file);
        for (let i = 0; i < RUNS; i++) {
          raw.push((await time(() => vscode.commands.executeCommand(COMMAND.findReferences, fileUri, new vscode.Position(0, 0))))[0]);
          const started = performance.now();
          const startedAt = Date.now();
          const rendered = new Promise<CardMetrics>((resolve) => {
            const sub = api.card.onDidRender((m) => {
              sub.dispose();
              resolve(m);
            });
          });
          await invokeText('lsp', { operation: 'findReferences', file_path: file, line: 1, character: 1 });
          invoke.push(performance.now() - started);
          const metrics = await Promise.race([
            rendered,
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the card did not render in 20 s')), 20_000)),
          ]).catch(async (err: unknown) => {
            await fetch(process.env.LSP_TOOL_PAGE_RPC!, { method: 'POST', body: JSON.stringify({ op: 'screenshot', name: 'bench-card-timeout' }) });
            throw err;
          });
          endToEnd.push(performance.now() - started);
          webview.push(metrics.firstPaintMs);
          toPost.push(metrics.postedAt - startedAt);
          transport.push(metrics.receivedAt - metrics.postedAt);
          answerToPaint.push(metrics.receivedAt + metrics.firstPaintMs - metrics.answeredAt);
        }
        progress(`card ${label} done`);
        card[label] = {
          webviewFirstPaint: stat(webview),
          queryToFirstPaint: stat(endToEnd),
          invoke: stat(invoke),
          raw: stat(raw),
          answerToFirstPaint: stat(answerToPaint),
          queryToPost: stat(toPost),
          postToWebview: stat(transport),
        };
      }
      report.card = card;
    });
  // Last, on a settled host: measured right after activation, the render shared the two cores
  // with the language server loading its project (one run: median 86 ms, min 27 ms).
  if (PARTS.has('render') && process.env.LSP_TOOL_BENCH_CARD === '1') {
    await new Promise((r) => setTimeout(r, 3000));
    report.render = { node: process.version, rows: measureRender(RUNS) };
    progress('render done');
  }
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  const results = process.env.LSP_TOOL_TEST_RESULTS;
  if (results)
    fs.writeFileSync(results, JSON.stringify({ done: true, records: [{ title: `bench ${String(report.workload)}`, state: 'passed', durationMs: 0 }] }));
}

/** One cold question: findReferences (lsp), a workspace symbol search, or incomingCalls at depth 1. */
interface ColdQuestion {
  kind: 'references' | 'symbols' | 'calls';
  label: string;
  query?: string;
  file_path?: string;
  line?: number;
  character?: number;
  /**
   * Symbols: a file of the language the raw side opens first (with none open, no raw poll ever
   * completes: the server is not running). Opening it would wake the server for the tool too, so
   * `alone` runs one side per window: 'tool' (the raw side then only settles the final set, after
   * the tool answered) or 'raw' (the raw side from a cold start).
   */
  wake?: string;
  alone?: 'tool' | 'raw';
}

const positionKey = (uri: vscode.Uri | string, p: { line: number; character: number }): string => `${uri.toString()}#${p.line}:${p.character}`;

/**
 * The tool's cold call and a raw poller started together, on a window where nothing has asked the
 * server yet. The poller repeats the raw provider until its answer (a set) has been unchanged and
 * non-empty for 4 s: rawCompleteMs is when it first returned that final set.
 */
async function coldAgainstComplete(api: LspToolApi, q: ColdQuestion): Promise<Record<string, unknown>> {
  const uri = q.file_path === undefined ? undefined : resolveUri(q.file_path);
  const position = q.line === undefined ? undefined : new vscode.Position(q.line - 1, q.character! - 1);
  const sortedSet = (keys: string[]): string[] => [...new Set(keys)].sort();
  const rawKeys = async (): Promise<string[]> => {
    if (q.kind === 'references') {
      const raw = (await vscode.commands.executeCommand<vscode.Location[]>(COMMAND.findReferences, uri, position)) ?? [];
      return sortedSet(raw.map((l) => positionKey(l.uri, l.range.start)));
    }
    if (q.kind === 'symbols') {
      const raw = (await vscode.commands.executeCommand<vscode.SymbolInformation[]>(WORKSPACE_SYMBOLS_COMMAND, q.query)) ?? [];
      return sortedSet(raw.map((s) => `${s.location.uri.toString()} ${s.name}`));
    }
    const roots = (await vscode.commands.executeCommand<vscode.CallHierarchyItem[]>(PREPARE_HIERARCHY_COMMAND.call, uri, position)) ?? [];
    const calls = await Promise.all(roots.map((r) => vscode.commands.executeCommand<vscode.CallHierarchyIncomingCall[]>(HIERARCHY_COMMAND.incomingCalls, r)));
    return sortedSet(calls.flat().map((c) => `${positionKey(c.from.uri, c.from.selectionRange.start)} ${c.from.name}`));
  };
  const toolKeys = async (): Promise<{ keys: string[]; completeness: string }> => {
    if (q.kind === 'references') {
      const r = await api.query({ operation: 'findReferences', file_path: q.file_path, line: q.line, character: q.character });
      return { keys: r.kind === 'locations' ? sortedSet(r.locations.map((l) => positionKey(l.uri, l.range.start))) : [], completeness: r.completeness };
    }
    if (q.kind === 'symbols') {
      const r = await api.symbols({ query: q.query });
      return { keys: sortedSet(r.symbols.map((s) => `${s.uri} ${s.name}`)), completeness: r.completeness };
    }
    const r = await api.hierarchy({ direction: 'incomingCalls', file_path: q.file_path, line: q.line, character: q.character });
    return {
      keys: sortedSet(r.roots.flatMap((root) => root.children.map((c) => `${positionKey(c.item.uri, c.item.selectionRange.start)} ${c.item.name}`))),
      completeness: r.completeness,
    };
  };
  const poll = async (): Promise<{ keys: string[]; completeMs: number; answers: number[] }> => {
    const since = performance.now();
    if (q.wake) await vscode.workspace.openTextDocument(resolveUri(q.wake));
    let last: string | undefined;
    let keys: string[] = [];
    let firstSeen = 0;
    const answers: number[] = [];
    const deadline = since + 120_000;
    for (;;) {
      const now = await rawKeys().catch(() => [] as string[]);
      const joined = now.join('\n');
      if (joined !== last) {
        last = joined;
        keys = now;
        firstSeen = performance.now();
        answers.push(now.length);
      } else if (now.length > 0 && performance.now() - firstSeen >= 4000) break;
      if (performance.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return { keys, completeMs: firstSeen - since, answers };
  };
  if (q.alone === 'raw') {
    const raw = await poll();
    return { label: q.label, kind: q.kind, side: 'raw', rawCompleteMs: raw.completeMs, rawCount: raw.keys.length, rawAnswers: raw.answers };
  }
  const [[toolMs, tool], raw] =
    q.alone === 'tool'
      ? await (async () => {
          const t = await time(toolKeys);
          return [t, await poll()] as const;
        })()
      : await Promise.all([time(toolKeys), poll()]);
  const rawSet = new Set(raw.keys);
  const equal = tool.keys.length === raw.keys.length && tool.keys.every((k) => rawSet.has(k));
  const warm = await time(toolKeys);
  return {
    label: q.label,
    kind: q.kind,
    side: q.alone ?? 'both',
    toolMs,
    toolCount: tool.keys.length,
    toolCompleteness: tool.completeness,
    rawCompleteMs: raw.completeMs,
    rawCount: raw.keys.length,
    rawAnswers: raw.answers,
    equal,
    warmMs: warm[0],
    warmCount: warm[1].keys.length,
  };
}

interface HierarchyQuery {
  label: string;
  direction: 'incomingCalls' | 'outgoingCalls' | 'supertypes' | 'subtypes';
  file_path: string;
  line: number;
  character: number;
  /** Also measure this depth against a sequential raw walk of the same tree. */
  deep?: number;
}

type RawItem = { name: string; uri: vscode.Uri; selectionRange: vscode.Range };

function relatedItem(direction: HierarchyQuery['direction'], entry: unknown): RawItem {
  const e = entry as { from?: RawItem; to?: RawItem };
  return (direction === 'incomingCalls' ? e.from : direction === 'outgoingCalls' ? e.to : entry) as RawItem;
}

function keyOf(item: RawItem): string {
  return `${item.uri.toString()}#${item.selectionRange.start.line}:${item.selectionRange.start.character}#${item.name}`;
}

/**
 * What an agent without lsp_hierarchy does: prepare, then one provide call per item, one after
 * another, level by level, skipping items already expanded (the same tree the tool walks).
 */
async function rawWalk(q: HierarchyQuery, depth: number): Promise<{ answers: unknown[]; related: number }> {
  const kind = q.direction === 'incomingCalls' || q.direction === 'outgoingCalls' ? 'call' : 'type';
  const prepared =
    (await vscode.commands.executeCommand<RawItem[]>(
      PREPARE_HIERARCHY_COMMAND[kind],
      resolveUri(q.file_path),
      new vscode.Position(q.line - 1, q.character - 1),
    )) ?? [];
  const answers: unknown[] = [prepared];
  const seen = new Set(prepared.map(keyOf));
  let frontier = prepared;
  let related = 0;
  for (let level = 1; level <= depth; level++) {
    const next: RawItem[] = [];
    for (const item of frontier) {
      const answer = (await vscode.commands.executeCommand<unknown[]>(HIERARCHY_COMMAND[q.direction], item)) ?? [];
      answers.push(answer);
      for (const entry of answer) {
        related++;
        const child = relatedItem(q.direction, entry);
        if (seen.has(keyOf(child))) continue;
        seen.add(keyOf(child));
        next.push(child);
      }
    }
    frontier = next;
  }
  return { answers, related };
}

function countTree(result: HierarchyResult): number {
  const count = (nodes: HierarchyResult['roots'][number]['children']): number => nodes.reduce((n, node) => n + 1 + count(node.children), 0);
  return result.roots.reduce((n, root) => n + count(root.children), 0);
}

async function measureHierarchy(
  api: LspToolApi,
  queries: HierarchyQuery[],
  quiet: () => Promise<void>,
  progress: (step: string) => void,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const invokeText = async (input: object): Promise<string> => {
    const result = await api.hierarchyTool.invoke({ input: input as never, toolInvocationToken: undefined }, token());
    return (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  };
  for (const q of queries) {
    for (const depth of [1, ...(q.deep ? [q.deep] : [])]) {
      const input = { direction: q.direction, file_path: q.file_path, line: q.line, character: q.character, depth };
      // Warm both sides first (the first tool call waits for readiness).
      for (let i = 0; i < 3; i++) {
        await invokeText(input);
        await rawWalk(q, depth);
      }
      const raw: number[] = [];
      const tool: number[] = [];
      const ratios: number[] = [];
      let text = '';
      let rawAnswers: unknown[] = [];
      const started = performance.now();
      for (let i = 0; i < PAIRS && (i < RUNS || performance.now() - started < PAIR_SECONDS * 1000); i++) {
        let r: number;
        let t: number;
        if (i % 2 === 0) {
          [r, { answers: rawAnswers }] = await time(() => rawWalk(q, depth));
          await quiet();
          [t, text] = await time(() => invokeText(input));
          await quiet();
        } else {
          [t, text] = await time(() => invokeText(input));
          await quiet();
          [r, { answers: rawAnswers }] = await time(() => rawWalk(q, depth));
          await quiet();
        }
        raw.push(r);
        tool.push(t);
        ratios.push(t / r);
      }
      const result = await api.hierarchy(input);
      const related = countTree(result);
      const rawChars = JSON.stringify(rawAnswers).length;
      rows.push({
        label: q.label,
        direction: q.direction,
        depth,
        raw: stat(raw),
        tool: stat(tool),
        ratio: stat(ratios).median,
        pairs: ratios.length,
        related,
        textChars: text.length,
        rawJsonChars: rawChars,
        charsPerItem: related ? text.length / related : 0,
        rawCharsPerItem: related ? rawChars / related : 0,
      });
      progress(`hierarchy ${q.label} depth ${depth} done`);
    }
  }
  return rows;
}

/**
 * The same query three ways, interleaved (the order rotates each round): the raw provider call,
 * lm.invokeTool, and an MCP tools/call round trip from the SDK's own client over loopback HTTP to
 * the extension's server. The MCP floor is a call the engine rejects at once (the transport alone).
 */
async function measureMcp(
  queries: Query[],
  quiet: () => Promise<void>,
  progress: (step: string) => void,
): Promise<Record<string, unknown>[] | { error: string }> {
  const endpoint = await vscode.commands.executeCommand<{ url: string; headers: Record<string, string> } | undefined>('lspTool.mcpEndpoint');
  if (!endpoint) return { error: 'lspTool.mcpEndpoint returned undefined (no MCP server in this host)' };
  const client = new Client({ name: 'lsp-tool-bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: endpoint.headers } }));
  const rows: Record<string, unknown>[] = [];
  try {
    for (const q of queries) {
      const uri = resolveUri(q.file_path);
      const position = new vscode.Position(q.line - 1, q.character - 1);
      const input = { operation: q.operation, file_path: q.file_path, line: q.line, character: q.character };
      const mcpCall = async (args: object): Promise<string> => {
        const result = await client.callTool({ name: 'lsp', arguments: args as Record<string, unknown> });
        return (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
      };
      const sides: (() => Promise<unknown>)[] = [
        async () => vscode.commands.executeCommand(COMMAND[q.operation], uri, position),
        () => invokeText('lsp', input),
        () => mcpCall(input),
      ];
      for (let i = 0; i < 3; i++) for (const side of sides) await side();
      const samples: number[][] = [[], [], []];
      const floor: number[] = [];
      const overService: number[] = [];
      const overRaw: number[] = [];
      let same = true;
      const started = performance.now();
      for (let i = 0; i < PAIRS && (i < RUNS || performance.now() - started < PAIR_SECONDS * 1000); i++) {
        const took: number[] = [0, 0, 0];
        const texts: unknown[] = [];
        for (let k = 0; k < 3; k++) {
          const side = (i + k) % 3;
          const [ms, value] = await time(sides[side]!);
          took[side] = ms;
          texts[side] = value;
          await quiet();
        }
        if (texts[1] !== texts[2]) same = false;
        const [f] = await time(() => mcpCall({ ...input, line: 0 }));
        await quiet();
        took.forEach((ms, side) => samples[side]!.push(ms));
        floor.push(f);
        overService.push(took[2]! / took[1]!);
        overRaw.push(took[2]! / took[0]!);
      }
      progress(`mcp ${q.label} done`);
      rows.push({
        label: q.label,
        raw: stat(samples[0]!),
        service: stat(samples[1]!),
        mcp: stat(samples[2]!),
        floor: stat(floor),
        mcpOverService: stat(overService).median,
        mcpOverRaw: stat(overRaw).median,
        rounds: overService.length,
        sameText: same,
      });
    }
  } finally {
    await client.close();
  }
  return rows;
}
