// The Copilot Chat part of `npm run bench` (also `node bench/copilot.mjs` alone): in the real agent
// loop (VS Code 1.139.1's built-in Copilot Chat, the fake model of test/host/fakeModel.mjs), on rxjs:
// the characters our tool definitions add to every request, the tool message for "who uses
// Subscription?" from `lsp findReferences` and from the built-in `vscode_listCodeUsages`, and the
// wall time from the model's tool call to Copilot's next request. Writes bench/results/copilot.json
// and docs/performance-copilot.md (the table, for docs/performance.md); returns the table's lines.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIntegration } from '../test/host/run.mjs';
import { runCleanups } from '../test/host/host.mjs';
import { cacheRoot } from '../test/host/provision.mjs';
import { ensureRxjs } from '../test/host/realProject.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));

const ms = (s) => (s ? `${s.median.toFixed(0)} ms [${s.min.toFixed(0)}–${s.max.toFixed(0)}]` : '-');
const n = (x) => (x === undefined ? '-' : x.toLocaleString('en-US'));

/** The table (markdown lines) for a report from test/bench/copilot.ts. */
export function copilotTable(r) {
  const lines = [];
  lines.push(`### In the real Copilot Chat agent loop`, '');
  lines.push(
    `Copilot Chat ${r.copilotVersion} in VS Code ${r.vscodeVersion}, agent mode, a scripted model on 127.0.0.1; rxjs; ${r.runs} sessions per tool (median [min–max]).`,
    '',
  );
  lines.push(
    `Every request: ${n(r.request.chars)} characters, of which the tool definitions are ${n(r.request.toolsChars)} (${r.request.tools} tools) and the system prompt ${n(r.request.systemPromptChars)}.`,
    '',
  );
  lines.push('| our tool | characters added to every request (its `tools[]` entry) | of which `modelDescription` |', '|---|---|---|');
  for (const d of r.definitions) lines.push(`| \`${d.name}\` | ${d.offered ? n(d.chars) : 'not offered'} | ${n(d.descriptionChars)} |`);
  if (r.listCodeUsagesDefinitionChars) lines.push(`| (built-in \`vscode_listCodeUsages\`, for scale) | ${n(r.listCodeUsagesDefinitionChars)} | |`);
  lines.push('', '"Who uses `Subscription`?" (`src/internal/Subscription.ts:16:14`), the model calling each tool:', '');
  lines.push(
    "| tool | the tool's text (characters) | the tool message the model reads (characters) | tool call → next request | the same call through `lm.invokeTool` |",
    '|---|---|---|---|---|',
  );
  const row = (name, t) =>
    `| ${name} | ${n(t.textChars)} | ${n(t.toolMessageChars)}${t.toolMessageChars < t.textChars && /^Large tool result/.test(t.sample) ? ' (a pointer to a file: the text went to disk)' : ''} | ${ms(t.callToNext)} | ${ms(t.invoke)} |`;
  lines.push(row('`lsp` findReferences', r.lsp));
  if (r.listCodeUsages) lines.push(row('`vscode_listCodeUsages`', r.listCodeUsages));
  if (r.answers) {
    lines.push(
      '',
      'What the model reads of the answers that went to disk before they had a budget, against the same call outside a chat request (no reader budget; `lspTool.maxLocations` 100):',
      '',
    );
    lines.push('| answer | outside a chat request | the tool message the model reads |', '|---|---|---|');
    const optional = (kind) => (kind === 'locations' ? 'with previews' : kind === 'hierarchy' ? 'with call sites' : '');
    const cell = (s, kind) =>
      s.pointer
        ? `${n(s.chars)} characters: a pointer to a file`
        : `${n(s.chars)} characters${s.chars > 8192 ? ' (over the threshold: Copilot writes it to a file)' : ''}; ${s.entries} ${kind === 'hierarchy' ? 'related items' : kind}${optional(kind) ? `, ${s.withOptional} ${optional(kind)}` : ''}${s.gaveWay.length ? `; ${s.gaveWay.map((g) => `"${g}"`).join(' ')}` : ''}`;
    for (const a of r.answers) lines.push(`| ${a.label} | ${cell(a.outside, a.kind)} | ${cell(a.model, a.kind)} |`);
  }
  lines.push(
    '',
    "\"Tool call → next request\" runs from the fake model finishing the tool call's response to Copilot's next request arriving: Copilot's own work, the tool, and the next prompt's rendering.",
  );
  lines.push(
    'Copilot Chat 0.67 writes a tool\'s text longer than 8,192 characters (`github.copilot.chat.agent.largeToolResultsToDisk.thresholdBytes`, on by default) to a file and gives the model "Large tool result (…KB) written to file. Use the read_file tool…" instead: reading it costs the model another round trip.',
  );
  return lines;
}

export async function runCopilotBench({ build = true } = {}) {
  if (build) {
    for (const args of [['esbuild.mjs'], [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json']]) {
      const r = spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`${args.join(' ')} failed`);
    }
  }
  const out = join(cacheRoot(), `bench-copilot-${process.pid}.json`);
  let skipped;
  try {
    const records = await runIntegration({
      label: 'bench copilot',
      copilot: true,
      folder: ensureRxjs(),
      testsEntry: join(repo, 'out', 'test', 'bench', 'copilot.js'),
      env: {
        LSP_TOOL_BENCH_OUT: out,
        ...(process.env.LSP_TOOL_BENCH_COPILOT_RUNS ? { LSP_TOOL_BENCH_COPILOT_RUNS: process.env.LSP_TOOL_BENCH_COPILOT_RUNS } : {}),
      },
    });
    skipped = records.length === 0;
    const failed = records.filter((r) => r.state !== 'passed');
    if (failed.length) console.log(`  copilot: ${failed.map((f) => `${f.title}: ${f.error}`).join('\n')}`);
  } finally {
    await runCleanups();
  }
  if (skipped || !existsSync(out)) return { lines: [skipped ? '(Copilot Chat loop: skipped, see above)' : '(Copilot Chat loop: no results)'] };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const lines = copilotTable(report);
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'results', 'copilot.json'), JSON.stringify(report, null, 2));
  writeFileSync(
    join(repo, 'docs', 'performance-copilot.md'),
    `<!-- Written by bench/copilot.mjs (npm run bench); ${new Date().toISOString()} -->\n\n${lines.join('\n')}\n`,
  );
  return { report, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await runCopilotBench();
  console.log(lines.join('\n'));
  console.log('\nwrote bench/results/copilot.json and docs/performance-copilot.md');
}
