// `npm run bench`: measures the tool in the real VS Code host and prints ratios measured side by
// side in one run, with PASS/FAIL against each budget, into bench/results/latest.json and the
// measured section of docs/performance.md. Always exits 0; `npm test` does not run it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIntegration } from '../test/host/run.mjs';
import { runCleanups } from '../test/host/host.mjs';
import { cacheRoot, CODE_SERVER_VERSION, HOSTS } from '../test/host/provision.mjs';
import { ensureRxjs } from '../test/host/realProject.mjs';
import { generateLarge, LARGE } from './gen-large.mjs';
import { runCopilotBench } from './copilot.mjs';
import { LANGUAGE_EXTENSIONS, LANGUAGE_IDS, languageWorkloads, serverVersions } from './languages.mjs';
import { bundleClientExtension, ensureLanguage, ensureRxjsForTsgo, pyrightServerModule, tsgoBinary, tsgoBinaryPath } from '../test/host/languages.mjs';
import { runClaudeCodeBench } from './claudeCode.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const require = createRequire(import.meta.url);
const RUNS = Number(process.env.LSP_TOOL_BENCH_RUNS ?? 15);
// Interleaved raw/tool pairs per warm query: at least RUNS, up to PAIRS within PAIR_SECONDS
// (test/bench/index.ts explains why).
const PAIRS = Math.max(RUNS, Number(process.env.LSP_TOOL_BENCH_PAIRS ?? 81));
const PAIR_SECONDS = Number(process.env.LSP_TOOL_BENCH_PAIR_SECONDS ?? 30);

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function workload(name, options) {
  const out = join(cacheRoot(), `bench-${name}-${process.pid}.json`);
  const env = {
    LSP_TOOL_BENCH_OUT: out,
    LSP_TOOL_BENCH_WORKLOAD: name,
    LSP_TOOL_BENCH_RUNS: String(RUNS),
    LSP_TOOL_BENCH_PAIRS: String(PAIRS),
    LSP_TOOL_BENCH_PAIR_SECONDS: String(PAIR_SECONDS),
    ...(process.env.LSP_TOOL_BENCH_QUIET_MS ? { LSP_TOOL_BENCH_QUIET_MS: process.env.LSP_TOOL_BENCH_QUIET_MS } : {}),
    LSP_TOOL_BENCH_QUERIES: JSON.stringify(options.queries),
    LSP_TOOL_BENCH_HIERARCHY: JSON.stringify(options.hierarchy ?? []),
    LSP_TOOL_BENCH_CARD: options.card ? '1' : '0',
    LSP_TOOL_BENCH_SYMBOLS: JSON.stringify(options.symbols ?? []),
    ...(process.env.LSP_TOOL_BENCH_PROFILE ? { LSP_TOOL_BENCH_PROFILE: process.env.LSP_TOOL_BENCH_PROFILE } : {}),
    ...(process.env.LSP_TOOL_BENCH_PROFILE_US ? { LSP_TOOL_BENCH_PROFILE_US: process.env.LSP_TOOL_BENCH_PROFILE_US } : {}),
    LSP_TOOL_BENCH_PARTS: options.parts ?? process.env.LSP_TOOL_BENCH_PARTS ?? 'cold,warm,mcp,usages,symbols,card,render,hierarchy',
    ...(options.cold ? { LSP_TOOL_BENCH_COLD: JSON.stringify(options.cold) } : {}),
    ...(options.env ?? {}),
  };
  try {
    const records = await runIntegration({
      label: `bench ${name}`,
      // What users run: the default log level (info), where the per-query debug line is not written.
      logLevel: 'lsp-tool.lsp-tool:info',
      folder: options.folder,
      testsEntry: join(repo, 'out', 'test', 'bench', 'index.js'),
      testExtensions: options.testExtensions ? options.testExtensions() : [join(repo, 'test', 'extensions', 'fault-provider')],
      settings: options.settings ?? {},
      env,
    });
    const failed = records.filter((r) => r.state !== 'passed');
    if (failed.length) console.log(`  ${name}: ${failed.map((f) => `${f.title}: ${f.error}`).join('\n')}`);
  } finally {
    await runCleanups();
  }
  const result = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { workload: name, error: 'no results' };
  // The progress file stays when a workload gave no results: it says how far it got.
  if (existsSync(out)) for (const file of [out, `${out}.progress`]) rmSync(file, { force: true });
  return result;
}

const ms = (x) => (x === undefined ? '-' : `${x.toFixed(1)} ms`);
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

sh('npm', ['run', 'package', '--silent']);
sh(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json']);
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const sizes = {
  extensionJs: statSync(join(repo, 'dist', 'extension.js')).size,
  cardJs: statSync(join(repo, 'dist', 'card.js')).size,
  mcpJs: statSync(join(repo, 'dist', 'mcp.js')).size,
  vsix: statSync(join(repo, `lsp-tool-${pkg.version}.vsix`)).size,
};
// The same workload as in the extension host, here in plain Node (out/ is compiled just above).
const { measureRender, stat: statOf } = require(join(repo, 'out', 'test', 'bench', 'render.js'));
const render = measureRender(RUNS);
const large = generateLarge(join(cacheRoot(), `large-ts-${LARGE.seed}-${LARGE.files}-v${LARGE.layout}`));
// LSP_TOOL_BENCH_ONLY=fixture,rxjs (a comma list) limits the workloads; the fixture always runs.
const only = process.env.LSP_TOOL_BENCH_ONLY?.split(',');
const workloads = [
  await workload('fixture', {
    folder: join(repo, 'test', 'fixtures', 'basic'),
    card: true,
    queries: [
      { label: 'references totalArea', operation: 'findReferences', file_path: 'src/geometry.ts', line: 3, character: 17 },
      { label: 'definition totalArea', operation: 'goToDefinition', file_path: 'src/main.ts', line: 5, character: 13 },
      { label: 'implementation Shape.area', operation: 'goToImplementation', file_path: 'src/shapes.ts', line: 2, character: 3 },
      { label: 'hover totalArea', operation: 'hover', file_path: 'src/geometry.ts', line: 3, character: 17 },
    ],
    symbols: [
      { label: 'search Square', query: 'Square' },
      { label: 'search area (several)', query: 'area' },
      { label: 'outline shapes.ts', file_path: 'src/shapes.ts' },
    ],
    hierarchy: [{ label: 'callers chainC', direction: 'incomingCalls', file_path: 'src/calls.ts', line: 10, character: 17, deep: 3 }],
  }),
  only && !only.includes('large')
    ? undefined
    : await workload('large', {
        folder: large,
        queries: [
          { label: 'references hub (21k)', operation: 'findReferences', file_path: 'src/core/hub.ts', line: 1, character: 17 },
          {
            label: 'references hub (21k), as a chat request (8,192-character budget)',
            operation: 'findReferences',
            file_path: 'src/core/hub.ts',
            line: 1,
            character: 17,
            asChat: true,
          },
          { label: 'definition hub', operation: 'goToDefinition', file_path: 'src/m0/f0.ts', line: 6, character: 12 },
          { label: 'implementation I0.run', operation: 'goToImplementation', file_path: 'src/chain/interfaces.ts', line: 2, character: 3 },
          { label: 'hover hub', operation: 'hover', file_path: 'src/core/hub.ts', line: 1, character: 17 },
        ],
      }),
  only && !only.includes('rxjs')
    ? undefined
    : await workload('rxjs', {
        folder: ensureRxjs(),
        queries: [
          { label: 'references Subscription', operation: 'findReferences', file_path: 'src/internal/Subscription.ts', line: 16, character: 14 },
          {
            label: 'references Subscription, as a chat request (8,192-character budget)',
            operation: 'findReferences',
            file_path: 'src/internal/Subscription.ts',
            line: 16,
            character: 14,
            asChat: true,
          },
          { label: 'definition Subscription', operation: 'goToDefinition', file_path: 'src/internal/Subscription.ts', line: 16, character: 14 },
          { label: 'hover Subscription', operation: 'hover', file_path: 'src/internal/Subscription.ts', line: 16, character: 14 },
        ],
        symbols: [
          { label: 'search Subscription', query: 'Subscription' },
          { label: 'outline Subscription.ts', file_path: 'src/internal/Subscription.ts' },
        ],
        // operate: 69 callers in 69 files (src/internal/util/lift.ts:17).
        hierarchy: [{ label: 'callers operate', direction: 'incomingCalls', file_path: 'src/internal/util/lift.ts', line: 17, character: 17, deep: 3 }],
      }),
].filter(Boolean);
// Python, C and Go (bench/languages.mjs): LSP_TOOL_BENCH_ONLY=languages, or one of python, c, go.
const languages = [];
for (const id of LANGUAGE_IDS) {
  const diagnosticsOnly = only !== undefined && only.includes('diagnostics') && !only.includes(id) && !only.includes('languages');
  if (only && !only.includes(id) && !only.includes('languages') && !diagnosticsOnly) continue;
  const { title, workloads: planned } = languageWorkloads(id, repo, diagnosticsOnly);
  const measured = [];
  for (const [name, options] of planned) measured.push(await workload(name, options));
  languages.push({ id, title, measured });
  workloads.push(...measured.filter((w) => w.workload.endsWith('-warm')));
}

// Activation is one sample per host start, and a start shares two cores with the workbench and the
// language server starting beside it (one start measured 19 ms, 12 of them inside a single
// registerCommand call): more starts of the fixture, nothing measured but activation.
// lsp_diagnostics on rxjs: write to fresh answer, against tsserver's own re-check and `tsc --noEmit` (a window of its own).
const diagnosticsBench =
  only && !only.includes('rxjs') && !only.includes('diagnostics')
    ? undefined
    : await workload('rxjs-diagnostics', {
        folder: ensureRxjs(),
        queries: [],
        parts: 'diagnostics',
        env: { LSP_TOOL_BENCH_DIAGNOSTICS: 'src/internal/Subscription.ts' },
      });
/** `tsc --noEmit` over the same project (no incremental state), the way a terminal agent checks its edit without the editor. */
function timeTsc(folder, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    spawnSync(
      process.execPath,
      [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--incremental', 'false', '-p', join(folder, 'tsconfig.json')],
      {
        cwd: folder,
        stdio: 'ignore',
      },
    );
    times.push(Date.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}
const tscMs = diagnosticsBench?.diagnostics ? timeTsc(ensureRxjs(), 3) : undefined;

// "What did my edit break" per language (test/bench/reach.ts): an edit that breaks callers in files
// nobody opened, the tool's first answer against the language's own checker. LSP_TOOL_BENCH_ONLY=reach.
const REACH_WINDOWS = [
  ['typescript', () => ({ folder: ensureRxjs() })],
  ['typescript-operate', () => ({ folder: ensureRxjs() })],
  // TypeScript 7 as in npm test's window: tsgo's server behind the native preview's id, useTsgo on.
  [
    'typescript7',
    () => {
      tsgoBinary();
      return {
        folder: ensureRxjsForTsgo(ensureRxjs()),
        testExtensions: () => [bundleClientExtension(join(repo, 'test', 'extensions', 'lang-tsgo'))],
        settings: { 'js/ts.experimental.useTsgo': true },
        env: { LSP_TOOL_TSGO: tsgoBinaryPath() },
      };
    },
  ],
  ...LANGUAGE_IDS.map((id) => [
    id,
    () => ({
      folder: ensureLanguage(id).folder,
      testExtensions: () => [bundleClientExtension(join(repo, 'test', 'extensions', `lang-${LANGUAGE_EXTENSIONS[id]}`))],
      env: { LSP_TOOL_PYRIGHT: pyrightServerModule() },
    }),
  ]),
];
const reach = [];
if (!only || only.includes('reach')) {
  // LSP_TOOL_BENCH_REACH_KEYS=typescript,go: only those cases.
  const keys = process.env.LSP_TOOL_BENCH_REACH_KEYS?.split(',');
  for (const [key, options] of REACH_WINDOWS.filter(([k]) => !keys || keys.includes(k))) {
    const base = options();
    const measured = await workload(`reach-${key}`, { ...base, queries: [], parts: 'reach', env: { ...(base.env ?? {}), LSP_TOOL_BENCH_REACH: key } });
    if (measured.reach) reach.push(measured.reach);
    else console.log(`  reach-${key}: ${measured.error ?? 'no result'}`);
  }
}

// lsp_rename on rxjs (test/bench/rename.ts): the tool against the raw provider + applyEdit + saving.
// LSP_TOOL_BENCH_ONLY=rename.
const renamed = !only || only.includes('rename') ? (await workload('rename', { folder: ensureRxjs(), queries: [], parts: 'rename' })).rename : undefined;

const STARTS = Math.max(1, Number(process.env.LSP_TOOL_BENCH_STARTS ?? 5));
const activations = [workloads[0].activationMs];
for (let i = 1; i < STARTS; i++) {
  const started = await workload(`activation-${i}`, { folder: join(repo, 'test', 'fixtures', 'basic'), queries: [], parts: 'none' });
  if (typeof started.activationMs === 'number') activations.push(started.activationMs);
}

const lines = [];
const budgets = [];
lines.push(
  `lsp-tool benchmark: ${new Date().toISOString()}, ${RUNS} warm runs per measure (median [min–max]), ${RUNS}–${PAIRS} interleaved pairs per warm query (as many as fit in ${PAIR_SECONDS} s)`,
  '',
);
lines.push(
  "Columns: the raw `vscode.execute*Provider` call; the `lsp` tool's `invoke` (our LanguageModelTool, called directly); the same call through VS Code's tool service (`lm.invokeTool`); the tool-service floor (an invocation our parser rejects at once: VS Code's own round trip, the same for any tool). invoke/raw is the median of the interleaved pairs' ratios.",
  '',
);
lines.push(
  '| workload | query | raw provider | tool invoke | invoke/raw (pairs) | lm.invokeTool | tool-service floor | (lm.invokeTool − floor)/raw | locations |',
  '|---|---|---|---|---|---|---|---|---|',
);
for (const w of workloads) {
  for (const op of w.operations ?? []) {
    const range = (x) => `${ms(x.median)} [${x.min.toFixed(1)}–${x.max.toFixed(1)}]`;
    lines.push(
      `| ${w.workload} | ${op.label} | ${range(op.raw)} | ${range(op.invoke)} | ${op.ratio.toFixed(2)} (${op.pairs}) | ${range(op.service)} | ${ms(op.floor.median)} | ${op.serviceMinusFloorRatio.toFixed(2)} | ${op.locations} |`,
    );
    budgets.push([
      `invoke/raw ≤ 1.10: ${w.workload} ${op.label}`,
      op.ratio <= 1.1,
      `${op.ratio.toFixed(2)} (through lm.invokeTool: ${op.serviceRatio.toFixed(2)}, of which the tool service's own floor is ${ms(op.floor.median)})`,
    ]);
  }
}
lines.push(
  '',
  "MCP: the same `lsp` query as an MCP `tools/call` round trip (the SDK's client, Streamable HTTP over loopback, to the extension's server) against `lm.invokeTool` and the raw provider call, interleaved (the order rotates each round); ratios are medians of the per-round ratios. The MCP floor is a call the engine rejects at once: the transport's own cost.",
  '',
);
lines.push(
  '| workload | query | raw provider | lm.invokeTool | MCP tools/call | MCP floor | MCP/lm.invokeTool | MCP/raw | rounds | same text |',
  '|---|---|---|---|---|---|---|---|---|---|',
);
for (const w of workloads) {
  if (w.mcp?.error) lines.push(`| ${w.workload} | ${w.mcp.error} | | | | | | | | |`);
  for (const m of Array.isArray(w.mcp) ? w.mcp : []) {
    lines.push(
      `| ${w.workload} | ${m.label} | ${ms(m.raw.median)} | ${ms(m.service.median)} | ${ms(m.mcp.median)} | ${ms(m.floor.median)} | ${m.mcpOverService.toFixed(2)} | ${m.mcpOverRaw.toFixed(2)} | ${m.rounds} | ${m.sameText ? 'yes' : 'NO'} |`,
    );
  }
}
lines.push(
  '',
  "lsp_hierarchy: the tool's invoke (called directly) against the raw commands: at depth 1 prepare + one provide call; deeper, a sequential walk of the same tree (one provide call per item, level by level). Medians of interleaved pairs. Characters per related item: the tool's text against `JSON.stringify` of the raw answers.",
  '',
);
lines.push(
  '| workload | query | depth | raw | tool invoke | tool/raw (pairs) | related items | chars per item (text / raw JSON) |',
  '|---|---|---|---|---|---|---|---|',
);
for (const w of workloads) {
  for (const h of w.hierarchy ?? []) {
    lines.push(
      `| ${w.workload} | ${h.label} | ${h.depth} | ${ms(h.raw.median)} | ${ms(h.tool.median)} | ${h.ratio.toFixed(2)} (${h.pairs}) | ${h.related} | ${h.charsPerItem.toFixed(0)} / ${h.rawCharsPerItem.toFixed(0)} (${(h.charsPerItem / h.rawCharsPerItem).toFixed(2)}) |`,
    );
    if (h.depth === 1) budgets.push([`lsp_hierarchy depth 1 tool/raw ≤ 1.10: ${w.workload} ${h.label}`, h.ratio <= 1.1, h.ratio.toFixed(2)]);
    else if (w.workload === 'rxjs')
      budgets.push([`lsp_hierarchy depth ${h.depth} tool/sequential raw walk ≤ 0.8: ${w.workload} ${h.label}`, h.ratio <= 0.8, h.ratio.toFixed(2)]);
  }
}
lines.push('', '| workload | lsp findReferences | vscode_listCodeUsages | locations (ours / theirs) | text chars (ours / theirs) |', '|---|---|---|---|---|');
for (const w of workloads) {
  const u = w.usages;
  if (!u) continue;
  lines.push(
    `| ${w.workload} | ${ms(u.ours.median)} | ${u.theirs ? ms(u.theirs.median) : `error: ${u.theirError}`} | ${u.ourLocations} / ${u.theirLocations} | ${u.ourChars} / ${u.theirChars} |`,
  );
  if (u.theirs)
    budgets.push([
      `faster than vscode_listCodeUsages: ${w.workload}`,
      u.ours.median < u.theirs.median,
      `${u.ours.median.toFixed(1)} vs ${u.theirs.median.toFixed(1)} ms`,
    ]);
}
lines.push(
  '',
  "lsp_symbols: the tool's `invoke` against the raw `vscode.executeWorkspaceSymbolProvider` (a search) or `vscode.executeDocumentSymbolProvider` (an outline), interleaved pairs; characters per symbol the model reads against `JSON.stringify` of the raw answer.",
  '',
);
lines.push(
  '| workload | question | raw provider | tool invoke | invoke/raw (pairs) | symbols | chars per symbol (tool / raw JSON) | ratio |',
  '|---|---|---|---|---|---|---|---|',
);
for (const w of workloads) {
  for (const q of w.symbols ?? []) {
    const charsRatio = q.charsPerSymbol / q.rawCharsPerSymbol;
    lines.push(
      `| ${w.workload} | ${q.label} | ${ms(q.raw.median)} | ${ms(q.invoke.median)} | ${q.ratio.toFixed(2)} (${q.pairs}) | ${q.symbols} | ${q.charsPerSymbol.toFixed(0)} / ${q.rawCharsPerSymbol.toFixed(0)} | ${charsRatio.toFixed(2)} |`,
    );
    budgets.push([`lsp_symbols invoke/raw ≤ 1.10: ${w.workload} ${q.label}`, q.ratio <= 1.1, q.ratio.toFixed(2)]);
    budgets.push([`lsp_symbols characters per symbol ≤ 0.25 × raw JSON: ${w.workload} ${q.label}`, charsRatio <= 0.25, charsRatio.toFixed(2)]);
  }
}
lines.push('', '| workload | cold findReferences (tool) | tool count | raw first answer | settled count | first raw complete? |', '|---|---|---|---|---|---|');
for (const w of workloads) {
  const c = w.coldStart;
  if (c)
    lines.push(
      `| ${w.workload} | ${ms(c.toolMs)} (${c.toolCompleteness}) | ${c.toolCount} | ${ms(c.rawFirstMs)}: ${c.rawFirstCount} | ${c.settledCount} | ${c.rawFirstComplete ? 'yes' : 'no'} (tool: ${c.toolComplete ? 'complete' : 'INCOMPLETE'}) |`,
    );
}
if (languages.length > 0) {
  const v = serverVersions();
  lines.push(
    '',
    `Languages, cold: each question first in a fresh window (the server not yet asked; gopls starts with the window, on go.mod). The tool's cold call and a raw poller start together; "raw complete" is when the poller first returned the set it then kept for 4 s. A search's raw side opens one file of the language first (nothing else starts its server) and runs cold in a window of its own; the set compared is the one it settles on after the tool's cold call. Servers: pyright ${v.pyright}, ${v.clangd}, gopls ${v.gopls}, ${v.go}. Sets compare locations, symbols (file and name) or callers.`,
    '',
  );
  lines.push(
    '| language | cold question | tool (cold) | tool count | raw complete at | raw count | tool − raw complete | same set | warm tool |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const l of languages) {
    for (const w of l.measured) {
      let c = w.coldComplete;
      if (!c || c.side === 'raw') continue;
      // A search's raw side ran cold in a window of its own (bench/languages.mjs says why).
      const rawAlone = c.side === 'tool' ? l.measured.find((m) => m.coldComplete?.side === 'raw' && m.coldComplete.label === c.label)?.coldComplete : undefined;
      if (rawAlone) c = { ...c, rawCompleteMs: rawAlone.rawCompleteMs, rawAnswers: rawAlone.rawAnswers };
      lines.push(
        `| ${l.title} | ${c.label} | ${ms(c.toolMs)} (${c.toolCompleteness}) | ${c.toolCount} | ${ms(c.rawCompleteMs)} (answers ${c.rawAnswers.join('→')}) | ${c.rawCount} | ${ms(c.toolMs - c.rawCompleteMs)} | ${c.equal ? 'yes' : 'NO'} | ${ms(c.warmMs)}: ${c.warmCount} |`,
      );
      budgets.push([
        `cold within 2 s of the raw answer's completion, and the same set: ${l.id} ${c.label}`,
        c.equal && c.toolMs - c.rawCompleteMs <= 2000,
        `${ms(c.toolMs)} against ${ms(c.rawCompleteMs)}; ${c.toolCount} vs ${c.rawCount}`,
      ]);
    }
  }
}
const fixture = workloads[0];
const hostRender = fixture.render?.rows;
lines.push(
  '',
  `| render (pure, every location shown, a preview each) | extension host (Node ${fixture.render?.node ?? '?'}) | per location | plain Node ${process.version} | per location |`,
  '|---|---|---|---|---|',
);
const perLocation = (r) => (r ? `${r.perLocationUs.toFixed(2)} µs` : '-');
for (const [key, label] of [
  ['1000', '1,000 locations'],
  ['10000', '10,000 locations'],
  ['100000', '100,000 locations'],
  ['defaultCaps', '100,000 locations with the default caps (100 locations, 16,000 characters): what the tool renders'],
]) {
  lines.push(`| ${label} | ${ms(hostRender?.[key]?.median)} | ${perLocation(hostRender?.[key])} | ${ms(render[key].median)} | ${perLocation(render[key])} |`);
}
if (hostRender) {
  const growth = hostRender[100000].perLocationUs / hostRender[1000].perLocationUs;
  budgets.push([
    'render 100,000 locations ≤ 50 ms (in the extension host, every location shown)',
    hostRender[100000].median <= 50,
    ms(hostRender[100000].median),
  ]);
  if (hostRender.defaultCaps)
    budgets.push([
      'render 100,000 locations ≤ 50 ms (in the extension host, the default caps)',
      hostRender.defaultCaps.median <= 50,
      ms(hostRender.defaultCaps.median),
    ]);
  budgets.push(['render growth linear (per-location cost 100k/1k ≤ 2)', growth <= 2, growth.toFixed(2)]);
}
budgets.push(['render 100,000 locations ≤ 50 ms (plain Node, outside VS Code)', render[100000].median <= 50, ms(render[100000].median)]);

const activation = statOf(activations);
lines.push(
  '',
  `activation: ${ms(activation.median)} inside activate(), median of ${activations.length} host starts [${activations.map((a) => a.toFixed(1)).join(', ')} ms]; ${ms(fixture.activationCallMs)} for the first start's whole extension.activate() call (module load and the host's own work included); dist/extension.js: ${(sizes.extensionJs / 1024).toFixed(1)} KB; dist/card.js: ${(sizes.cardJs / 1024).toFixed(1)} KB; dist/mcp.js (loaded when the MCP server starts): ${(sizes.mcpJs / 1024).toFixed(1)} KB; VSIX: ${(sizes.vsix / 1024).toFixed(1)} KB`,
);
budgets.push([`activation ≤ 20 ms (median of ${activations.length} host starts)`, activation.median <= 20, ms(activation.median)]);
budgets.push(['dist/extension.js ≤ 100 KB', sizes.extensionJs <= 100 * 1024, `${(sizes.extensionJs / 1024).toFixed(1)} KB`]);
budgets.push(['VSIX ≤ 200 KB (the issues’ budget)', sizes.vsix <= 200 * 1024, `${(sizes.vsix / 1024).toFixed(1)} KB`]);
if (fixture.card) {
  lines.push(
    '',
    '| card | raw provider | query → first paint | answer → first paint | tool call | query → posted to the card | post → arrival in the webview | arrival → first paint |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const [n, c] of Object.entries(fixture.card))
    lines.push(
      `| ${n} locations | ${ms(c.raw?.median)} | ${ms(c.queryToFirstPaint.median)} | ${ms(c.answerToFirstPaint?.median)} | ${ms(c.invoke?.median)} | ${ms(c.queryToPost?.median)} | ${ms(c.postToWebview?.median)} | ${ms(c.webviewFirstPaint.median)} |`,
    );
  const card5k = fixture.card['5000'];
  budgets.push(['card first paint of 5,000 rows ≤ 150 ms (from the answer)', card5k.answerToFirstPaint.median <= 150, ms(card5k.answerToFirstPaint.median)]);
  budgets.push([
    'card first paint of 5,000 rows ≤ 150 ms (from the query, language server included)',
    card5k.queryToFirstPaint.median <= 150,
    `${ms(card5k.queryToFirstPaint.median)}; the raw provider call alone: ${ms(card5k.raw.median)}`,
  ]);
}
const diag = diagnosticsBench?.diagnostics;
if (diag) {
  const range = (x) => `${ms(x.median)} [${x.min.toFixed(0)}–${x.max.toFixed(0)}]`;
  lines.push(
    '',
    `lsp_diagnostics on rxjs (\`${diag.file}\`, ${diag.trials} trials): each trial writes a type error to the file on disk (as a terminal agent does), asks at once, then writes the fix and asks at once. "raw re-check" is VS Code showing the new text and then tsserver's own \`semanticDiagnosticsSync\`; \`tsc --noEmit\` checks the whole project (median of 3, no incremental state).`,
    '',
    '| write → fresh answer, error written | write → fresh answer, error fixed | raw re-check (reload + tsserver) | `tsc --noEmit` | stale answers | tsc / tool |',
    '|---|---|---|---|---|---|',
    `| ${range(diag.toolBad)} | ${range(diag.toolGood)} | ${range(diag.raw)} | ${ms(tscMs)} | ${diag.stale} of ${diag.trials * 2} | ${(tscMs / diag.toolBad.median).toFixed(1)} |`,
  );
  // The same per language: each server's own publish is the raw re-check (no tsc to compare with).
  const perLanguage = languages.flatMap(({ title, measured }) => measured.filter((w) => w.diagnostics).map((w) => ({ title, d: w.diagnostics })));
  if (perLanguage.length > 0) {
    lines.push(
      '',
      'The same trials per language (a window of its own each): the raw re-check is VS Code showing the new text, then the server publishing diagnostics that agree (its file in a tab).',
      '',
      '| language (file) | write → fresh answer, error written | error fixed | raw re-check (reload + publish) | stale answers |',
      '|---|---|---|---|---|',
      ...perLanguage.map(
        ({ title, d }) => `| ${title} (\`${d.file}\`) | ${range(d.toolBad)} | ${range(d.toolGood)} | ${range(d.raw)} | ${d.stale} of ${d.trials * 2} |`,
      ),
    );
    for (const { title, d } of perLanguage) {
      budgets.push([`lsp_diagnostics: no stale answer after a write (${title})`, d.stale === 0, `${d.stale} of ${d.trials * 2}`]);
      for (const answer of d.staleAnswers) lines.push('', `Stale (${title}): ${answer.replace(/\n/g, ' / ')}`);
    }
  }
  budgets.push(['lsp_diagnostics: no stale answer after a write', diag.stale === 0, `${diag.stale} of ${diag.trials * 2}`]);
  budgets.push([
    'lsp_diagnostics warm answer ≥ 10× faster than tsc --noEmit (rxjs)',
    tscMs / diag.toolBad.median >= 10,
    `${(tscMs / diag.toolBad.median).toFixed(1)}×`,
  ]);
}
if (reach.length > 0) {
  const range = (x) => `${ms(x.median)} [${x.min.toFixed(0)}–${x.max.toFixed(0)}]`;
  lines.push(
    '',
    `"What did my edit break" per language (${reach[0].trials} trials each): one exported function or declaration given one more required parameter, written to disk as a terminal agent writes it, then \`lsp_diagnostics\` with no \`file_paths\` at once, warm; the language's own checker over the same project, timed beside it; then the edit undone and the tool asked at once again. Missing: the checker's new errors (as \`file:line\`) a first answer did not show; stale: those an answer after the undo still showed, summed over the trials.`,
    '',
    '| language, project, edit | checker: new errors | edit → first answer | checker | checker / tool | undo → first answer | missing | stale |',
    '|---|---|---|---|---|---|---|---|',
    ...reach.map(
      (r) =>
        `| ${r.label} | ${r.errors} in ${r.files} files | ${range(r.edit)} | ${range(r.checker)} | ${(r.checker.median / r.edit.median).toFixed(1)} | ${range(r.undo)} | ${r.missing} | ${r.stale} |`,
    ),
  );
  for (const r of reach) {
    budgets.push([
      `lsp_diagnostics after an edit: none of the checker's errors missing, none stale (${r.label})`,
      r.missing === 0 && r.stale === 0,
      `${r.missing} missing, ${r.stale} stale`,
    ]);
  }
  // Both rxjs edits (isFunction, operate) against tsc --noEmit.
  for (const ts of reach.filter((r) => r.label.startsWith('TypeScript (tsserver'))) {
    budgets.push([
      `lsp_diagnostics after an edit ≥ 2× faster than tsc --noEmit (${ts.label})`,
      ts.checker.median / ts.edit.median >= 2,
      `${(ts.checker.median / ts.edit.median).toFixed(1)}×`,
    ]);
  }
}
if (renamed) {
  const range = (x) => `${ms(x.median)} [${x.min.toFixed(0)}–${x.max.toFixed(0)}]`;
  const row = (what, t) => `| ${what} | ${range(t.saved)} | ${t.savedRatio.toFixed(2)} | ${range(t.total)} | ${t.totalRatio.toFixed(2)} |`;
  lines.push(
    '',
    `\`lsp_rename\` on rxjs (${renamed.trials} trials, ${renamed.label}: ${renamed.edits} edits in ${renamed.files} files), called as a terminal agent calls it (MCP's call path, the disk): to its last save, and its whole call with the check of what it broke, against the raw path (\`vscode.executeDocumentRenameProvider\`, \`workspace.applyEdit\`, saving each changed file: ${range(renamed.raw)}). Each trial: raw, tool, tool, raw; ratios are the median of the trials' own, each to the raw rename beside it. Files not as expected: ${renamed.mismatches}. Said it broke: ${renamed.broke.length === 0 ? 'nothing' : renamed.broke.join('; ')}.`,
    '',
    '| tool call | to its last save | ratio | whole call, with the check | ratio |',
    '|---|---|---|---|---|',
    row("right after the raw rename: the changed files' errors unknown, checked before the edit", renamed.unknown),
    row('after its own rename: their errors known', renamed.known),
  );
  for (const known of ['known', 'unknown']) {
    const ratio = renamed[known].savedRatio;
    budgets.push([
      `lsp_rename to its last save ≤ 1.2× the raw rename + apply + save, the changed files' errors ${known} (rxjs)`,
      ratio <= 1.2,
      `${ratio.toFixed(2)}×`,
    ]);
  }
  budgets.push([
    'lsp_rename: every file as the raw edit leaves it, and back byte for byte (rxjs)',
    renamed.mismatches === 0,
    `${renamed.mismatches} files differ`,
  ]);
}
// The real Copilot Chat agent loop (bench/copilot.mjs; also writes docs/performance-copilot.md).
if (!only || only.includes('copilot')) lines.push('', ...(await runCopilotBench({ build: false })).lines);
// The real Claude Code CLI over MCP (bench/claudeCode.mjs; also writes docs/performance-claude-code.md).
if (!only || only.includes('claude')) lines.push('', ...(await runClaudeCodeBench({ build: false })).lines);
lines.push('', '| budget | result | measured |', '|---|---|---|');
for (const [name, ok, value] of budgets) lines.push(`| ${name} | ${verdict(ok)} | ${value} |`);
console.log(lines.join('\n'));
mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
writeFileSync(join(repo, 'bench', 'results', 'latest.json'), JSON.stringify({ sizes, render, workloads, activations, budgets, table: lines }, null, 2));
console.log('\nwrote bench/results/latest.json');
writePerformanceDoc(lines);
console.log('wrote docs/performance.md');

/** Replaces the measured section of docs/performance.md (between its markers) with this run; the prose around it is kept. */
function writePerformanceDoc(table) {
  const file = join(repo, 'docs', 'performance.md');
  const START = '<!-- bench:start: written by `npm run bench` (bench/run.mjs); edit outside the markers -->';
  const END = '<!-- bench:end -->';
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [before, after] =
    old.includes(START) && old.includes(END) ? [old.slice(0, old.indexOf(START)), old.slice(old.indexOf(END) + END.length)] : ['# Performance\n\n', '\n'];
  const when = new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');
  const only = process.env.LSP_TOOL_BENCH_ONLY ? `workloads: fixture and ${process.env.LSP_TOOL_BENCH_ONLY}` : 'all three workloads';
  const parts = process.env.LSP_TOOL_BENCH_PARTS ? `, measures: ${process.env.LSP_TOOL_BENCH_PARTS}` : '';
  const section = [
    START,
    `## The run of ${when}`,
    '',
    `On ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), VS Code ${Object.entries(HOSTS).find(([, h]) => h.codeServer === CODE_SERVER_VERSION)?.[0] ?? '?'} with Node ${fixture.render?.node ?? '?'} in its extension host; \`npm run bench\`, ${only}${parts}.`,
    '',
    ...table.slice(2),
    END,
  ].join('\n');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${before}${section}${after}`);
}
