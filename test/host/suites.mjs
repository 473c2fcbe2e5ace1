// Every integration suite npm test runs, each in a fresh VS Code server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printRecords, runIntegration } from './run.mjs';
import { onCleanup, runCleanups, sharedBrowser } from './host.mjs';
import { ensureRxjs } from './realProject.mjs';
import { bundleClientExtension, ensureLanguage, ensureRxjsForTsgo, pyrightServerModule, tsgoBinary, tsgoBinaryPath } from './languages.mjs';
import { bundleWebTests } from './webTests.mjs';
import { runStartTest } from './start.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const entry = join(repo, 'out', 'test', 'integration', 'index.js');
const TAGGED = '@empty|@rxjs|@vsix|@copilot|@claude|@lang-|@tsgo';

/**
 * `vsce package` as a user runs it (prepublish included: the production build), with stdin closed
 * so a prompt fails instead of waiting. Returns the VSIX and a record: no warning, no prompt.
 */
export function packageVsix() {
  const dir = mkdtempSync(join(tmpdir(), 'lsp-tool-vsix-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const out = join(dir, `lsp-tool-${version}.vsix`);
  const vsce = join(repo, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--out', out], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const problems = output.split('\n').filter((line) => /warning|\[y\/n\]|do you want to continue/i.test(line));
  const title = 'installed VSIX: `vsce package` succeeds with no warning and no prompt';
  const ok = r.status === 0 && problems.length === 0;
  return {
    vsixFiles: ok ? [out] : [],
    records: [
      ok ? { title, state: 'passed' } : { title, state: 'failed', error: `status ${r.status}\n${problems.join('\n')}\n${output}` },
      ...(ok ? [sizeRecord(out)] : []),
    ],
  };
}

/** What ships stays small: the VSIX at most 200 KB, and what activation loads (the Node entry plus the activation bundle) at most 100 KB (the production build `vsce package` just made). The features and the MCP server load on first use: measured, budgeted by the VSIX. */
function sizeRecord(vsix) {
  const kb = (file) => statSync(file).size / 1024;
  const entry = kb(join(repo, 'dist', 'extension.js'));
  const activation = kb(join(repo, 'dist', 'web', 'extension.js'));
  const sizes = {
    VSIX: [kb(vsix), 200],
    'dist/extension.js': [entry, 100],
    'dist/web/extension.js': [activation, 100],
    'Node activation (dist/extension.js + dist/web/extension.js)': [entry + activation, 100],
    'dist/web/features.js': [kb(join(repo, 'dist', 'web', 'features.js')), Infinity],
    'dist/mcp.js': [kb(join(repo, 'dist', 'mcp.js')), Infinity],
  };
  const over = Object.entries(sizes).filter(([, [size, max]]) => size > max);
  const measured = Object.entries(sizes)
    .map(([name, [size]]) => `${name} ${size.toFixed(1)} KB`)
    .join(', ');
  const title = `installed VSIX: at most 200 KB, what activation loads at most 100 KB (${measured})`;
  return over.length === 0
    ? { title, state: 'passed' }
    : { title, state: 'failed', error: `over budget: ${over.map(([name, [size, max]]) => `${name} ${size.toFixed(1)} KB > ${max} KB`).join(', ')}` };
}

export const SUITES = [
  {
    label: 'node host',
    env: { LSP_TOOL_TEST_GREP: TAGGED, LSP_TOOL_TEST_GREP_INVERT: '1' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [
      join(repo, 'test', 'extensions', 'fault-provider'),
      join(repo, 'test', 'extensions', 'scripted-model'),
      join(repo, 'test', 'extensions', 'type-hierarchy-provider'),
    ],
    testsEntry: entry,
  },
  // The oldest VS Code engines.vscode claims (the newest is the node host's): the same suite minus
  // chat (whose test-only model needs the language model chat provider API, stable from 1.104) and
  // minus what is tagged @once: the engine's own logic under bad input, load, faults and file changes, the
  // same on any VS Code (every API those tests touch is touched by the rest too), run in the newest
  // host only. Versions between the two add no API we use and are left out to keep CI short.
  {
    label: 'VS Code 1.100.3',
    vscodeVersion: '1.100.3',
    env: { LSP_TOOL_TEST_GREP: `${TAGGED}|@chat|@once`, LSP_TOOL_TEST_GREP_INVERT: '1' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider'), join(repo, 'test', 'extensions', 'type-hierarchy-provider')],
    testsEntry: entry,
  },
  // The extension's `browser` entry in the web-worker extension host (as on vscode.dev), against the
  // same multi-root workspace, whose files that host sees as vscode-remote:// URIs: the readiness,
  // remote-window, tool, palette command and card tests (the reliability matrix and load tests stay
  // Node-only to keep CI short). Left out: tests tagged @node, which need what a web worker lacks
  // (each says why), and chat (@chat): with the participant in the worker and the test-only model
  // in the server's Node host, the chat view answers "Language model unavailable".
  {
    label: 'web worker host',
    web: true,
    env: { LSP_TOOL_TEST_GREP: `${TAGGED}|@node|@chat`, LSP_TOOL_TEST_GREP_INVERT: '1' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider'), join(repo, 'test', 'extensions', 'type-hierarchy-provider')],
    testsEntry: (env) => bundleWebTests(env, ['a-readiness', 'connectAgent', 'remote', 'surfaces', 'tool']),
    // With a server attached, VS Code runs a `workspace` extension in the server's Node host, and this
    // build ignores the payload's extensionDevelopmentKind: the user setting puts it in the worker.
    settings: { 'remote.extensionKind': { 'lsp-tool.lsp-tool': ['web'] } },
  },
  // The real GitHub Copilot Chat agent (built into VS Code from 1.139.1) calling our tools, with a
  // scripted model on 127.0.0.1 (test/host/fakeModel.mjs). Its own host: no test-only scripted-model
  // extension beside Copilot's models. On a VS Code without it, the runner prints why it skips.
  {
    label: 'Copilot Chat agent (VS Code 1.139.1)',
    vscodeVersion: '1.139.1',
    copilot: true,
    env: { LSP_TOOL_TEST_GREP: '@copilot(?!-rxjs)' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider')],
    testsEntry: entry,
  },
  // The real terminal agents (npm, pinned; provision.mjs), Claude Code, Codex, Gemini CLI and Copilot
  // CLI, each in an integrated terminal of the VS Code under test with its documented setup, reaching
  // our MCP server through the terminal's environment, with a scripted model on 127.0.0.1
  // (test/host/fakeAnthropic.mjs, fakeAgentApis.mjs). One window for all four, to keep CI short.
  // Where Claude Code's binary cannot run, the runner prints why it skips.
  {
    label: 'terminal agents (VS Code 1.139.1)',
    vscodeVersion: '1.139.1',
    claudeCode: true,
    env: { LSP_TOOL_TEST_GREP: '@claude' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testsEntry: entry,
  },
  // The same agent on rxjs's sources: the answers that went to disk before they had a budget.
  {
    label: 'Copilot Chat agent on rxjs (VS Code 1.139.1)',
    vscodeVersion: '1.139.1',
    copilot: true,
    folder: () => ensureRxjs(),
    env: { LSP_TOOL_TEST_GREP: '@copilot-rxjs' },
    testsEntry: entry,
  },
  {
    label: 'empty window',
    env: { LSP_TOOL_TEST_GREP: '@empty' },
    testsEntry: entry,
  },
  // rxjs's sources where nothing has loaded the project yet: the first questions, asked at once, are
  // a findReferences and an incomingCalls (@rxjs). A cold symbol search is asked alone, in a window
  // of its own (@rxjs-cold-symbols): with no TypeScript file open, lsp_symbols must start tsserver.
  {
    label: 'real project (rxjs)',
    folder: () => ensureRxjs(),
    env: { LSP_TOOL_TEST_GREP: '@rxjs(?!-cold)' },
    testsEntry: entry,
  },
  {
    label: 'real project (rxjs), cold symbol search',
    folder: () => ensureRxjs(),
    env: { LSP_TOOL_TEST_GREP: '@rxjs-cold-symbols' },
    testsEntry: entry,
  },
  // Real Python, C and Go servers on real projects (test/host/languages.mjs), each started by its
  // test-only client extension as its marketplace extension would. Two windows per language: one
  // whose first questions, asked at once, are a cold findReferences and a cold incomingCalls, and one
  // whose first is a cold symbol search, alone (with no file of the language open, it must start the
  // server itself).
  ...[
    ['python', 'Python (pyright)', 'lang-pyright'],
    ['c', 'C (clangd)', 'lang-clangd'],
    ['go', 'Go (gopls)', 'lang-gopls'],
  ].flatMap(([id, name, extension]) =>
    [
      ['(position|hierarchy)', 'position tools and call hierarchy'],
      ['symbols', 'symbol search'],
    ].map(([kind, what]) => ({
      label: `language ${name}, cold ${what}`,
      folder: () => ensureLanguage(id).folder,
      env: { LSP_TOOL_TEST_GREP: `@lang-${id}-${kind}`, LSP_TOOL_PYRIGHT: pyrightServerModule() },
      prepare: () => ({ records: [], testExtensions: [bundleClientExtension(join(repo, 'test', 'extensions', extension))] }),
      testsEntry: entry,
    })),
  ),
  // TypeScript 7 as after "Use TypeScript 7": js/ts.experimental.useTsgo on and tsgo's language server
  // behind a client with the native preview's id (test/extensions/lang-tsgo), so the built-in
  // TypeScript extension steps aside; on a copy of rxjs whose tsconfig TypeScript 7 accepts.
  {
    label: 'TypeScript 7 (tsgo) on rxjs',
    folder: () => ensureRxjsForTsgo(ensureRxjs()),
    env: { LSP_TOOL_TEST_GREP: '@tsgo', LSP_TOOL_TSGO: tsgoBinaryPath() },
    settings: { 'js/ts.experimental.useTsgo': true },
    prepare: () => {
      tsgoBinary();
      return { records: [], testExtensions: [bundleClientExtension(join(repo, 'test', 'extensions', 'lang-tsgo'))] };
    },
    testsEntry: entry,
  },
  // Last: packaging runs the production build into dist/. The extension under development is an
  // empty probe (the workbench runs tests only with one); lsp-tool is the installed VSIX.
  // In German: the shipped package.nls.de.json and l10n bundle end to end (every other suite is English).
  {
    label: 'installed VSIX (German)',
    prepare: packageVsix,
    folder: join(repo, 'test', 'fixtures', 'basic'),
    developmentPath: join(repo, 'test', 'extensions', 'vsix-probe'),
    locale: 'de',
    env: { LSP_TOOL_TEST_GREP: '@vsix', LSP_TOOL_EXPECT_LANGUAGE: 'de' },
    testsEntry: entry,
  },
  // `npm start`'s first run, driven in Chromium from outside (test/host/start.mjs): the same setup,
  // packaged as `npm run package` does it (after the VSIX suite: it also builds dist/ for production).
  {
    label: 'npm start, first run',
    run: runStartTest,
  },
];

export async function runAllIntegration() {
  let passed = 0;
  let failed = 0;
  const browser = sharedBrowser();
  try {
    for (const suite of SUITES) {
      const r = await runSuite(suite, browser);
      passed += r.passed;
      failed += r.failed;
    }
  } finally {
    await browser.close();
  }
  return { passed, failed };
}

/** One suite in a VS Code window of its own (a page of the run's shared Chromium); one that cannot start fails alone. */
export async function runSuite(suite, browser) {
  const t0 = Date.now();
  try {
    if (suite.run) return printRecords(await suite.run(browser), suite.label);
    const folder = typeof suite.folder === 'function' ? suite.folder() : suite.folder;
    const prepared = suite.prepare ? suite.prepare() : { records: [] };
    return printRecords([...prepared.records, ...(await runIntegration({ ...suite, ...prepared, folder, browser }))], suite.label);
  } catch (err) {
    // A suite that cannot start (its project or server failed to provision) fails alone; the rest still run.
    return printRecords(
      [{ title: `${suite.label}: the suite started`, state: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) }],
      suite.label,
    );
  } finally {
    await runCleanups();
    console.log(`  (${suite.label}: ${((Date.now() - t0) / 1000).toFixed(0)}s)`);
  }
}
