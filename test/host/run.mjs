// Integration runner: real VS Code server + Chromium + the real tsserver. Prints mocha's results,
// then `N passed, N failed`; exits non-zero on any failure or timeout.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installExtensions, launchBrowser, newWindowPage, onCleanup, runCleanups, startServer, workbenchUrl } from './host.mjs';
import { startPageRpc } from './pageRpc.mjs';
import { copilotSupport, keepBuiltinCopilotEnabled, writeChatLanguageModels } from './copilot.mjs';
import { startFakeModel } from './fakeModel.mjs';
import { startFakeAnthropic } from './fakeAnthropic.mjs';
import { provisionClaudeCode, provisionTerminalAgents } from './provision.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const TIMEOUT_MS = Number(process.env.LSP_TOOL_TEST_TIMEOUT_MS ?? 15 * 60_000);

/** Files under dir; the server is still running, so entries can vanish while we look (lock files). */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    const stat = statSync(p, { throwIfNoEntry: false });
    if (!stat) return [];
    return stat.isDirectory() ? listFiles(p) : [p];
  });
}

/** Errors the extension host logged about our extension (activation failures, uncaught errors). */
function extensionErrors(serverDataDir) {
  // The extension host's own logs, not the channels extensions write (ours logs failed queries at error level on purpose).
  const logs = listFiles(serverDataDir).filter((f) => /^(remote)?exthost\d*\.log$/i.test(basename(f)));
  // No log at all means we looked in the wrong place: that must fail, not pass.
  if (!logs.some((f) => /remoteexthost\.log$/.test(f))) return [`no extension host log found under ${serverDataDir}`];
  return logs.flatMap((f) => readFileSync(f, 'utf8').split('\n')).filter((line) => /\[error\]/i.test(line) && /lsp-tool/i.test(line));
}

/** One window's run; `browser` is a `sharedBrowser()` to open its page in (without one, it starts a Chromium of its own). */
export async function runIntegration({
  folder,
  workspace,
  testsEntry,
  web = false,
  label = 'node host',
  testExtensions = [],
  vsixFiles = [],
  developmentPath = repo,
  env = {},
  settings = {},
  vscodeVersion,
  logLevel = 'lsp-tool.lsp-tool:debug',
  locale,
  copilot = false,
  claudeCode = false,
  browser,
}) {
  // The real Copilot Chat agent with a scripted model (copilot.mjs): only where the VS Code under test ships it.
  if (copilot) {
    const support = copilotSupport(vscodeVersion);
    if (!support.ok) {
      console.log(`  - [${label}] skipped: ${support.reason}`);
      return [];
    }
  }
  // The real Claude Code CLI with a scripted Anthropic model (fakeAnthropic.mjs): only where its pinned binary runs.
  const claude = claudeCode ? provisionClaudeCode() : undefined;
  if (claude && !claude.claude) {
    console.log(`  - [${label}] skipped: ${claude.reason}`);
    return [];
  }
  // The other terminal agents (Codex, Gemini, Copilot CLI) in the same window, on the same scripted server.
  const agents = claude ? provisionTerminalAgents() : {};
  const agentEnv = Object.fromEntries(
    Object.entries(agents).map(([id, agent]) => [`LSP_TOOL_AGENT_${id.toUpperCase()}`, agent.bin ?? `unavailable: ${agent.reason}`]),
  );
  const fakeAnthropic = claude
    ? await startFakeAnthropic({ log: process.env.LSP_TOOL_VERBOSE ? (s) => process.stderr.write(`${s}\n`) : undefined })
    : undefined;
  if (fakeAnthropic) onCleanup(() => fakeAnthropic.close());
  const fakeModel = copilot ? await startFakeModel({ log: process.env.LSP_TOOL_VERBOSE ? (s) => process.stderr.write(`${s}\n`) : undefined }) : undefined;
  if (fakeModel) onCleanup(() => fakeModel.close());
  const resultsFile = join(process.env.TMPDIR ?? '/tmp', `lsp-tool-results-${process.pid}-${Date.now()}.json`);
  // The workbench honours one extensionDevelopmentPath; test-only extensions are installed instead.
  const extensionsDir = installExtensions(testExtensions, vsixFiles, vscodeVersion);
  let page;
  const rpc = await startPageRpc(() => page, join(repo, 'test-results', label.replace(/[^a-z0-9]+/gi, '-')));
  onCleanup(() => rpc.close());
  const hostEnv = {
    LSP_TOOL_TEST_RESULTS: resultsFile,
    LSP_TOOL_PAGE_RPC: rpc.url,
    LSP_TOOL_FIXTURES: join(repo, 'test', 'fixtures'),
    LSP_TOOL_REPO: repo,
    ...(fakeModel ? { LSP_TOOL_FAKE_MODEL: fakeModel.url } : {}),
    ...(fakeAnthropic
      ? { LSP_TOOL_FAKE_ANTHROPIC: fakeAnthropic.url, LSP_TOOL_CLAUDE: claude.claude, LSP_TOOL_CLAUDE_VERSION: claude.version, ...agentEnv }
      : {}),
    ...env,
  };
  // A web-worker run has no environment: its entry is built for the run, with hostEnv baked in.
  const testsPath = typeof testsEntry === 'function' ? await testsEntry(hostEnv) : testsEntry;
  const server = await startServer({
    vscodeVersion,
    extraArgs: ['--extensions-dir', extensionsDir],
    locale,
    env: hostEnv,
    settings,
  });
  if (fakeModel) writeChatLanguageModels(join(server.tmp, 'user'), fakeModel.modelUrl);
  page = await newWindowPage(browser ? await browser.get() : await launchBrowser(), { viewport: { width: 1400, height: 900 } });
  if (fakeModel) await keepBuiltinCopilotEnabled(page, server.url);
  let consoleResults;
  // A web-worker extension host logs to the page, not to a file on the server.
  const workerErrors = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (web && msg.type() === 'error' && /lsp-tool\.lsp-tool/.test(text)) workerErrors.push(text);
    // From a web worker the line can reach the page with the workbench's log prefix before it.
    const at = text.indexOf('LSP_TOOL_TEST_RESULTS {');
    if (at >= 0) consoleResults = text.slice(at + 'LSP_TOOL_TEST_RESULTS '.length);
    else if (process.env.LSP_TOOL_VERBOSE) process.stderr.write(`[page] ${text}\n`);
  });
  const url = workbenchUrl(server, {
    folder,
    workspace,
    extensionDevelopmentPaths: [developmentPath],
    extensionTestsPath: testsPath,
    web,
    logLevel,
  });
  globalThis.__lspToolPage = page;
  await page.goto(url);
  const started = Date.now();
  let results;
  while (Date.now() - started < TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 500));
    let raw = consoleResults;
    if (!raw && existsSync(resultsFile)) raw = readFileSync(resultsFile, 'utf8');
    if (!raw) continue;
    try {
      results = JSON.parse(raw);
    } catch {
      continue;
    }
    if (results.done) break;
  }
  rmSync(resultsFile, { force: true });
  const records = results?.records ?? [];
  for (const line of results?.measurements ?? []) console.log(`  [${label}] measured: ${line}`);
  if (!results?.done) {
    records.push({ title: `${label}: the suite finished within ${TIMEOUT_MS / 1000}s`, state: 'failed', error: 'timed out waiting for mocha results' });
  }
  // The server writes extension host logs under the user data dir; search all of its temp folder.
  const errors = [...extensionErrors(server.tmp), ...workerErrors];
  records.push(
    errors.length === 0
      ? { title: `${label}: the extension host logged no error for lsp-tool`, state: 'passed' }
      : { title: `${label}: the extension host logged no error for lsp-tool`, state: 'failed', error: errors.join('\n') },
  );
  return records;
}

export function printRecords(records, label) {
  let passed = 0;
  let failed = 0;
  for (const r of records) {
    if (r.state === 'passed') {
      passed++;
      console.log(`  ✔ [${label}] ${r.title}${r.durationMs ? ` (${r.durationMs}ms)` : ''}`);
    } else {
      failed++;
      console.log(
        `  ✖ [${label}] ${r.title}\n      ${String(r.error ?? '')
          .split('\n')
          .join('\n      ')}`,
      );
    }
  }
  return { passed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let code = 1;
  try {
    const records = await runIntegration({
      folder: join(repo, 'test', 'fixtures', 'basic'),
      testsEntry: join(repo, 'out', 'test', 'integration', 'index.js'),
    });
    const { passed, failed } = printRecords(records, 'node host');
    console.log(`integration: ${passed} passed, ${failed} failed`);
    code = failed === 0 && passed > 0 ? 0 : 1;
  } catch (err) {
    console.error(err);
  } finally {
    await runCleanups();
  }
  process.exit(code);
}
