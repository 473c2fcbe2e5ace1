// The Claude Code part of `npm run bench` (also `node bench/claudeCode.mjs` alone): the real Claude
// Code CLI (npm, pinned) in an integrated terminal of VS Code 1.139.1, with the fake Anthropic model
// of test/host/fakeAnthropic.mjs, on rxjs: the characters our three MCP tools add to every request
// (deferred, and once ToolSearch loaded them), and the wall time from the model's tool call to Claude
// Code's next request beside lm.invokeTool on the same input. Writes bench/results/claude-code.json
// and docs/performance-claude-code.md (the table, for docs/performance.md); returns the table's lines.
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

/** The table (markdown lines) for a report from test/bench/claudeCode.ts. */
export function claudeCodeTable(r) {
  const lines = [];
  lines.push('### In the real Claude Code CLI', '');
  lines.push(
    `Claude Code ${r.claudeCodeVersion} in an integrated terminal of VS Code ${r.vscodeVersion}, \`claude -p\` with a scripted model on 127.0.0.1; rxjs; ${r.runs} sessions (median [min–max]).`,
    '',
  );
  lines.push(
    `Claude Code defers MCP tools: until the model loads one with \`ToolSearch\`, a request names them only. Our three tools add **${n(r.request.addedChars)} characters** to every request (${n(r.request.withoutChars)} without our server, ${n(r.request.withChars)} with it).`,
    '',
  );
  lines.push('| our tool, once loaded | characters it adds to every later request (its `tools[]` entry) | of which the description |', '|---|---|---|');
  for (const d of r.loaded.definitions) lines.push(`| \`${d.name}\` | ${d.offered ? n(d.chars) : 'not offered'} | ${n(d.descriptionChars)} |`);
  lines.push(`| all three | ${n(r.loaded.definitions.reduce((sum, d) => sum + d.chars, 0))} | |`);
  lines.push('', '"Who uses `Subscription`?" (`src/internal/Subscription.ts:16:14`), the model calling `lsp` findReferences over MCP:', '');
  lines.push(
    "| the tool's text (characters) | the `tool_result` the model reads (characters) | tool call → next request | the same call through `lm.invokeTool` |",
    '|---|---|---|---|',
  );
  lines.push(`| ${n(r.lsp.textChars)} | ${n(r.lsp.toolResultChars)} | ${ms(r.lsp.callToNext)} | ${ms(r.lsp.invoke)} |`);
  lines.push(
    '',
    "\"Tool call → next request\" runs from the fake model finishing the `tool_use` response to Claude Code's next request arriving: Claude Code's own work, the MCP round trip to our server, the tool, and the next request's assembly.",
  );
  return lines;
}

export async function runClaudeCodeBench({ build = true } = {}) {
  if (build) {
    for (const args of [['esbuild.mjs'], [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json']]) {
      const r = spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`${args.join(' ')} failed`);
    }
  }
  const out = join(cacheRoot(), `bench-claude-code-${process.pid}.json`);
  let skipped;
  try {
    const records = await runIntegration({
      label: 'bench claude code',
      vscodeVersion: '1.139.1',
      claudeCode: true,
      folder: ensureRxjs(),
      testsEntry: join(repo, 'out', 'test', 'bench', 'claudeCode.js'),
      env: {
        LSP_TOOL_BENCH_OUT: out,
        ...(process.env.LSP_TOOL_BENCH_CLAUDE_RUNS ? { LSP_TOOL_BENCH_CLAUDE_RUNS: process.env.LSP_TOOL_BENCH_CLAUDE_RUNS } : {}),
      },
    });
    skipped = records.length === 0;
    const failed = records.filter((r) => r.state !== 'passed');
    if (failed.length) console.log(`  claude code: ${failed.map((f) => `${f.title}: ${f.error}`).join('\n')}`);
  } finally {
    await runCleanups();
  }
  if (skipped || !existsSync(out)) return { lines: [skipped ? '(Claude Code CLI: skipped, see above)' : '(Claude Code CLI: no results)'] };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const lines = claudeCodeTable(report);
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'results', 'claude-code.json'), JSON.stringify(report, null, 2));
  writeFileSync(
    join(repo, 'docs', 'performance-claude-code.md'),
    `<!-- Written by bench/claudeCode.mjs (npm run bench); ${new Date().toISOString()} -->\n\n${lines.join('\n')}\n`,
  );
  return { report, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await runClaudeCodeBench();
  console.log(lines.join('\n'));
  console.log('\nwrote bench/results/claude-code.json and docs/performance-claude-code.md');
}
