// Every integration suite npm test runs, each in a fresh VS Code server.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printRecords, runIntegration } from './run.mjs';
import { runCleanups } from './host.mjs';
import { ensureRxjs } from './realProject.mjs';
import { bundleWebTests } from './webTests.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const entry = join(repo, 'out', 'test', 'integration', 'index.js');
const TAGGED = '@empty|@rxjs';

export const SUITES = [
  {
    label: 'node host',
    env: { LSP_TOOL_TEST_GREP: TAGGED, LSP_TOOL_TEST_GREP_INVERT: '1' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider'), join(repo, 'test', 'extensions', 'scripted-model')],
    testsEntry: entry,
  },
  // The oldest VS Code engines.vscode claims, and one between: the same suite minus chat (whose
  // test-only model needs the language model chat provider API, stable from 1.104).
  ...['1.117.0', '1.100.3'].map((vscodeVersion) => ({
    label: `VS Code ${vscodeVersion}`,
    vscodeVersion,
    env: { LSP_TOOL_TEST_GREP: `${TAGGED}|@chat`, LSP_TOOL_TEST_GREP_INVERT: '1' },
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider')],
    testsEntry: entry,
  })),
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
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider')],
    testsEntry: (env) => bundleWebTests(env, ['a-readiness', 'remote', 'surfaces', 'tool']),
    // With a server attached, VS Code runs a `workspace` extension in the server's Node host, and this
    // build ignores the payload's extensionDevelopmentKind: the user setting puts it in the worker.
    settings: { 'remote.extensionKind': { 'lsp-tool.lsp-tool': ['web'] } },
  },
  {
    label: 'empty window',
    env: { LSP_TOOL_TEST_GREP: '@empty' },
    testsEntry: entry,
  },
  {
    label: 'real project (rxjs)',
    folder: () => ensureRxjs(),
    env: { LSP_TOOL_TEST_GREP: '@rxjs' },
    testsEntry: entry,
  },
];

export async function runAllIntegration() {
  let passed = 0;
  let failed = 0;
  for (const suite of SUITES) {
    const t0 = Date.now();
    try {
      const folder = typeof suite.folder === 'function' ? suite.folder() : suite.folder;
      const records = await runIntegration({ ...suite, folder });
      const r = printRecords(records, suite.label);
      passed += r.passed;
      failed += r.failed;
    } finally {
      await runCleanups();
    }
    console.log(`  (${suite.label}: ${((Date.now() - t0) / 1000).toFixed(0)}s)`);
  }
  return { passed, failed };
}
