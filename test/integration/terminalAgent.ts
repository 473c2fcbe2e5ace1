// Runs a real terminal agent (Codex, Gemini CLI, Copilot CLI; test/host/provision.mjs) in an
// integrated terminal of the VS Code under test, with a fresh HOME: the setup "LSP: Connect an
// Agent…" shows, then one prompt, against the scripted model the runner starts
// (test/host/fakeAnthropic.mjs serves their APIs too, test/host/fakeAgentApis.mjs).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { testEnv, until } from './helpers';

export type TerminalAgentId = 'codex' | 'gemini' | 'copilot';

/** The agent's binary from the runner, or why it cannot run here. */
export function agentBin(id: TerminalAgentId): string {
  const bin = testEnv(`LSP_TOOL_AGENT_${id.toUpperCase()}`);
  assert.ok(bin, `LSP_TOOL_AGENT_${id.toUpperCase()} is set by the runner (suite option claudeCode)`);
  assert.ok(!bin.startsWith('unavailable: '), bin);
  return bin;
}

export interface AgentRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** What the terminal's environment held: the URL, and whether a token was there (never its value). */
  terminalUrl: string;
  terminalHadToken: boolean;
}

export interface AgentRunOptions {
  bin: string;
  /** Files written into the fresh HOME first (the model provider's test-only config, the setup's file). */
  homeFiles?: Record<string, string>;
  /** Shell text sourced before the command (the setup's ~/.bashrc function). */
  bashrc?: string;
  /** The command line, in bash, with `$AGENT_PROMPT` for the prompt. */
  command: string;
  prompt: string;
  /** The agent's own environment: its model provider, never our URL or token (the terminal has those). */
  env: Record<string, string>;
  cwd?: vscode.Uri;
  timeoutMs?: number;
}

export async function runAgent(options: AgentRunOptions): Promise<AgentRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsp-tool-agent-'));
  const home = path.join(dir, 'home');
  for (const [name, text] of Object.entries(options.homeFiles ?? {})) {
    fs.mkdirSync(path.dirname(path.join(home, name)), { recursive: true });
    fs.writeFileSync(path.join(home, name), text);
  }
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, '.bashrc'), options.bashrc ?? '');
  const file = (name: string): string => path.join(dir, name);
  fs.writeFileSync(
    file('run.sh'),
    [
      'printf %s "$LSP_TOOL_MCP_URL" > "$RUN_DIR/url"',
      'if [ -n "$LSP_TOOL_MCP_TOKEN" ]; then echo yes > "$RUN_DIR/token"; fi',
      'PATH="$(dirname "$AGENT_BIN"):$PATH"',
      '. "$HOME/.bashrc"',
      `${options.command} < /dev/null > "$RUN_DIR/stdout" 2> "$RUN_DIR/stderr"`,
      'echo $? > "$RUN_DIR/rc.part" && mv "$RUN_DIR/rc.part" "$RUN_DIR/rc"',
    ].join('\n'),
  );
  const terminal = vscode.window.createTerminal({
    name: 'terminal agent (test)',
    shellPath: '/bin/bash',
    shellArgs: [file('run.sh')],
    cwd: options.cwd,
    env: { ...options.env, HOME: home, RUN_DIR: dir, AGENT_BIN: options.bin, AGENT_PROMPT: options.prompt },
  });
  try {
    await until(() => fs.existsSync(file('rc')), Boolean, `the agent to exit (output in ${dir})`, options.timeoutMs ?? 120_000);
    const read = (name: string): string => (fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : '');
    return {
      exitCode: Number(read('rc').trim()),
      stdout: read('stdout'),
      stderr: read('stderr'),
      terminalUrl: read('url'),
      terminalHadToken: read('token').trim() === 'yes',
    };
  } finally {
    terminal.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One fenced block of the setup document "LSP: Connect an Agent…" shows for an agent. */
export async function setupSnippet(agent: string, language: 'sh' | 'json'): Promise<string> {
  const document = await vscode.commands.executeCommand<vscode.TextDocument>('lspTool.connectAgent', agent);
  const text = document.getText();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  const code = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``).exec(text)?.[1];
  assert.ok(code, `the ${agent} setup has a ${language} block: ${text}`);
  return code;
}
