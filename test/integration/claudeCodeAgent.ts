// Runs the real Claude Code CLI in an integrated terminal of the VS Code under test, against the
// scripted Anthropic server the runner starts (test/host/fakeAnthropic.mjs).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { testEnv, until } from './helpers';

/** The name our server has in the MCP config: Claude Code calls its tools mcp__lsp-tool__<tool>. */
export const SERVER_NAME = 'lsp-tool';
export const mcpToolName = (tool: string): string => `mcp__${SERVER_NAME}__${tool}`;

export interface ToolUse {
  name: string;
  input: unknown;
  id?: string;
}
export type Turn = ({ text: string } | { toolUses: ToolUse[] }) & { delayMs?: number };

export interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  is_error?: boolean;
  content?: string | ContentBlock[];
}
export interface AnthropicMessage {
  role: string;
  content: string | ContentBlock[];
}
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema?: unknown;
  defer_loading?: boolean;
}
export interface AnthropicRequest {
  at: number;
  agentTurn: boolean;
  answeredAt: number;
  answered: Turn;
  url: string;
  /** The request body as it came over the wire. */
  raw: string;
  body: { model?: string; stream?: boolean; system?: unknown; messages: AnthropicMessage[]; tools?: AnthropicTool[] };
}

async function control<T>(urlPath: string, body?: unknown): Promise<T> {
  const base = testEnv('LSP_TOOL_FAKE_ANTHROPIC');
  assert.ok(base, 'LSP_TOOL_FAKE_ANTHROPIC is set by the runner (suite option claudeCode)');
  const response = await fetch(`${base}${urlPath}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  assert.equal(response.status, 200, `fake Anthropic ${urlPath}`);
  return (await response.json()) as T;
}

/** Replaces the model's script (and forgets the recorded requests). */
export async function script(turns: Turn[]): Promise<void> {
  await control('/control/script', { turns });
}

export async function agentRequests(): Promise<AnthropicRequest[]> {
  return (await control<AnthropicRequest[]>('/control/requests')).filter((r) => r.agentTurn);
}

/** The MCP config a user writes: our URL and token from the environment, never literal. */
export const MCP_CONFIG = {
  mcpServers: {
    [SERVER_NAME]: { type: 'http', url: '${LSP_TOOL_MCP_URL}', headers: { Authorization: 'Bearer ${LSP_TOOL_MCP_TOKEN}' } },
  },
};

export interface ClaudeRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The output of the setup commands. */
  setupLog: string;
  /** What the terminal's environment held: the URL, and whether a token was there (never its value). */
  terminalUrl: string;
  terminalHadToken: boolean;
}

/**
 * `claude -p <prompt> --mcp-config <file>` in a new integrated terminal of this window, with a fresh
 * HOME and the fake model as its API, stdin from /dev/null, output into files read back here.
 */
export interface ClaudeOptions {
  allowedTools?: string[];
  cwd?: vscode.Uri;
  timeoutMs?: number;
  /** The file for --mcp-config (MCP_CONFIG when not given); `null`: no --mcp-config, Claude Code's own config only. */
  mcpConfig?: object | null;
  /** Shell commands run first in the same terminal and HOME, with `claude` on PATH (a user's one-time setup). */
  setup?: string;
  /** `--permission-mode` (e.g. `plan`); Claude Code's default when not given. */
  permissionMode?: string;
}

export async function runClaude(prompt: string, options: ClaudeOptions = {}): Promise<ClaudeRun> {
  const claude = testEnv('LSP_TOOL_CLAUDE');
  const model = testEnv('LSP_TOOL_FAKE_ANTHROPIC');
  assert.ok(claude && model, 'LSP_TOOL_CLAUDE and LSP_TOOL_FAKE_ANTHROPIC are set by the runner');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsp-tool-claude-'));
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  const config = path.join(dir, 'mcp.json');
  if (options.mcpConfig !== null) fs.writeFileSync(config, JSON.stringify(options.mcpConfig ?? MCP_CONFIG));
  fs.writeFileSync(path.join(dir, 'setup.sh'), options.setup ?? '');
  const file = (name: string): string => path.join(dir, name);
  // Every value reaches the shell as a variable, so nothing needs quoting.
  const command = [
    'printf %s "$LSP_TOOL_MCP_URL" > "$RUN_DIR/url"',
    'if [ -n "$LSP_TOOL_MCP_TOKEN" ]; then echo yes > "$RUN_DIR/token"; fi',
    'PATH="$(dirname "$CLAUDE_BIN"):$PATH"',
    'sh "$RUN_DIR/setup.sh" < /dev/null > "$RUN_DIR/setup.log" 2>&1',
    'set --; if [ -f "$RUN_DIR/mcp.json" ]; then set -- --mcp-config "$RUN_DIR/mcp.json"; fi',
    'if [ -n "$CLAUDE_PERMISSION_MODE" ]; then set -- "$@" --permission-mode "$CLAUDE_PERMISSION_MODE"; fi',
    'claude -p "$CLAUDE_PROMPT" "$@" --allowedTools "$CLAUDE_ALLOWED" --model claude-sonnet-4-5 < /dev/null > "$RUN_DIR/stdout" 2> "$RUN_DIR/stderr"',
    'echo $? > "$RUN_DIR/rc.part" && mv "$RUN_DIR/rc.part" "$RUN_DIR/rc"',
  ].join('; ');
  const terminal = vscode.window.createTerminal({
    name: 'Claude Code (test)',
    shellPath: '/bin/sh',
    shellArgs: ['-c', command],
    cwd: options.cwd,
    env: {
      HOME: home,
      RUN_DIR: dir,
      CLAUDE_BIN: claude,
      CLAUDE_PROMPT: prompt,
      CLAUDE_ALLOWED: (options.allowedTools ?? [mcpToolName('lsp')]).join(','),
      CLAUDE_PERMISSION_MODE: options.permissionMode ?? '',
      ANTHROPIC_BASE_URL: model,
      ANTHROPIC_API_KEY: 'sk-test',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
    },
  });
  try {
    await until(() => fs.existsSync(file('rc')), Boolean, `claude -p to exit (output in ${dir})`, options.timeoutMs ?? 90_000);
    const read = (name: string): string => (fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : '');
    return {
      exitCode: Number(read('rc').trim()),
      stdout: read('stdout'),
      stderr: read('stderr'),
      setupLog: read('setup.log'),
      terminalUrl: read('url'),
      terminalHadToken: read('token').trim() === 'yes',
    };
  } finally {
    terminal.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text items of a block's content (a string or a list of items). */
export function textItems(content: string | ContentBlock[] | undefined): string[] {
  if (typeof content === 'string') return [content];
  return (content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '');
}

/** The tool_result blocks of a request's last user message. */
export function lastToolResults(request: AnthropicRequest): ContentBlock[] {
  const user = [...request.body.messages].reverse().find((m) => m.role === 'user');
  return typeof user?.content === 'string' ? [] : (user?.content ?? []).filter((c) => c.type === 'tool_result');
}

/**
 * A tool_result's text as the model reads it, without what Claude Code adds of its own: a
 * <system-reminder> item (a list's own item, or after a newline in a string's content).
 */
export function resultText(block: ContentBlock): string {
  return textItems(block.content)
    .filter((t) => !t.startsWith('<system-reminder>'))
    .map((t) => t.replace(/\n<system-reminder>[\s\S]*?<\/system-reminder>/g, ''))
    .join('');
}
