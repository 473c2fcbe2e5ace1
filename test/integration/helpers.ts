// Shared helpers for the integration suites (run inside the real extension host).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspQueryResult } from '../../src/engine/result';

export const EXTENSION_ID = 'lsp-tool.lsp-tool';

/** Set by the web-worker test bundle (test/host/webTests.mjs), which has no process.env. */
declare const __LSP_TOOL_TEST_ENV__: Record<string, string> | undefined;

/** A setting of the test run: process.env in the Node host, baked into the bundle in the web worker. */
export function testEnv(name: string): string | undefined {
  if (typeof __LSP_TOOL_TEST_ENV__ !== 'undefined') return __LSP_TOOL_TEST_ENV__[name];
  return process.env[name];
}

export async function activateExtension(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'extension is installed');
  await extension.activate();
}

export function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

export async function invoke(input: object, token = new vscode.CancellationTokenSource().token): Promise<string> {
  return textOf(await vscode.lm.invokeTool('lsp', { input, toolInvocationToken: undefined }, token));
}

export async function query(input: object): Promise<LspQueryResult> {
  return vscode.commands.executeCommand<LspQueryResult>('lspTool.query', input);
}

/**
 * User-level settings, so the fixture's .code-workspace file is never written. A setting that already
 * holds the value is left alone: each write of settings.json takes the server most of a second.
 */
export async function setSetting(key: string, value: unknown): Promise<void> {
  const configuration = vscode.workspace.getConfiguration('lspTool');
  if (JSON.stringify(configuration.inspect(key)?.globalValue) === JSON.stringify(value)) return;
  await configuration.update(key, value, vscode.ConfigurationTarget.Global);
}

export async function expectCode(work: Promise<unknown>, code: string, pattern?: RegExp): Promise<Error> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof Error, `expected an Error, got ${String(err)}`);
    assert.ok(err.message.startsWith(`${code}: `), `expected ${code}, got: ${err.message}`);
    if (pattern) assert.match(err.message, pattern);
    return err;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}

export function folderUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.name === name);
  assert.ok(folder, `workspace folder ${name} is open`);
  return folder.uri;
}

export async function faultCalls(): Promise<{ calls: number; late: number }> {
  return vscode.commands.executeCommand('faultFixture.calls');
}

/** Records a measured number for the runner to print (the entry module owns the list). */
export function measure(line: string): void {
  (globalThis as { __lspToolMeasure?: (l: string) => void }).__lspToolMeasure?.(line);
}

/** Drives or inspects the workbench page through the runner (Playwright), see test/host/pageRpc.mjs. */
export async function page<T = Record<string, unknown>>(op: string, args: Record<string, unknown> = {}): Promise<T> {
  const url = testEnv('LSP_TOOL_PAGE_RPC');
  assert.ok(url, 'LSP_TOOL_PAGE_RPC is set by the runner');
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ op, ...args }) });
  const body = (await response.json()) as { ok: boolean; result?: T; error?: string };
  if (!body.ok) throw new Error(`page ${op} failed: ${body.error}`);
  return body.result as T;
}

/** The texts of the page's elements matching `selector` (and containing `text`), once at least `min` (1) show or the time is up: a probe, never a failure. */
export async function pageTexts(selector: string, options: { text?: string; timeoutMs?: number; min?: number } = {}): Promise<string[]> {
  return (await page<{ texts: string[] }>('query', { selector, timeoutMs: 10_000, ...options })).texts;
}

/** The call the card's entry on screen answers, as the tool got it (`LSP findReferences a.ts:3:17`): its title's tooltip, below the title. */
export async function cardCall(): Promise<string> {
  const { value } = await page<{ value: string }>('evaluateInFrame', { selector: '#title', expression: 'document.getElementById("title").title' });
  return value.split('\n').slice(1).join('\n');
}

/** Waits until the card's entry on screen answers `call` (cardCall), and fails, saying what it answers instead, if it does not in time. */
export function expectCardCall(call: string, timeoutMs = 15_000): Promise<string> {
  return until(cardCall, (shown) => shown === call, `the card to answer ${call}`, timeoutMs);
}

/** Waits until the page shows `selector` (containing `text`, at least `min` of them), and fails, saying what it shows instead, if it does not in time. */
export async function expectPage(selector: string, options: { text?: string; timeoutMs?: number; min?: number } = {}): Promise<string[]> {
  const found = await pageTexts(selector, options);
  if (found.length < (options.min ?? 1)) {
    const shown = await pageTexts(selector, { timeoutMs: 0 });
    assert.fail(
      `the page shows ${options.min ?? 1} × ${selector}${options.text === undefined ? '' : ` with "${options.text}"`} within ${options.timeoutMs ?? 10_000} ms; it shows ${JSON.stringify(shown.slice(0, 5))}`,
    );
  }
  return found;
}

export async function until<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value)) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

/** Whether the active editor is the file ending in `suffix`, with the cursor at a one-based line and character. */
export function activeAt(suffix: string, line: number, character: number): boolean {
  const editor = vscode.window.activeTextEditor;
  return (
    !!editor && editor.document.uri.path.endsWith(suffix) && editor.selection.active.line === line - 1 && editor.selection.active.character === character - 1
  );
}

/** Opens a file with the cursor at a one-based line and character. */
export async function openAt(uri: vscode.Uri, line: number, character: number): Promise<vscode.TextEditor> {
  const position = new vscode.Position(line - 1, character - 1);
  return vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: false });
}
