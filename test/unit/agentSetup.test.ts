// The setup text "LSP: Connect an Agent…" shows: each agent's own format, naming the window's
// variables and never a token; the shell snippets run in a real shell against stub agents.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENT_IDS, agentSetup, MCP_SERVER_NAME, MCP_TOKEN_VARIABLE, MCP_URL_VARIABLE, type SetupStrings, setupMarkdown } from '../../src/text/agentSetup';

const URL_REF = '${LSP_TOOL_MCP_URL}';
const AUTH_REF = 'Bearer ${LSP_TOOL_MCP_TOKEN}';

/** Runs `script` in bash with a stub `name` on PATH that prints each argument it got on a line. */
function argsOf(name: string, script: string, env: Record<string, string> = {}): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsp-tool-agent-setup-'));
  try {
    fs.writeFileSync(path.join(dir, name), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n', { mode: 0o755 });
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: `${dir}:${process.env.PATH ?? ''}`, ...env } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.split('\n').slice(0, -1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const IDENTITY: SetupStrings = {
  heading: (agent) => `Connect ${agent}`,
  intro: (u, t) => `intro ${u} ${t}`,
  run: 'RUN',
  addToFile: (file) => `ADD ${file}`,
  orAddToFile: (file) => `OR ${file}`,
  merge: 'MERGE',
  then: (agent) => `THEN ${agent}`,
  docs: (url) => `DOCS ${url}`,
};

describe('agent setup (LSP: Connect an Agent…)', () => {
  it('every agent has a setup that names both variables and no literal address or token', () => {
    assert.deepEqual([...AGENT_IDS], ['claudeCode', 'codex', 'gemini', 'copilotCli']);
    for (const id of AGENT_IDS) {
      const setup = agentSetup(id);
      assert.ok(setup.steps.length > 0, id);
      assert.match(setup.docsUrl, /^https:\/\//);
      for (const step of setup.steps) {
        assert.ok(step.code.includes(MCP_URL_VARIABLE), `${id}: ${step.code}`);
        assert.ok(step.code.includes(MCP_TOKEN_VARIABLE), `${id}: ${step.code}`);
        assert.doesNotMatch(step.code, /127\.0\.0\.1|localhost|:\d{4,5}\b/, `${id} writes no address`);
        if (step.kind === 'addToFile') assert.ok(step.file, `${id}: a file to add to`);
      }
    }
  });

  it('Claude Code: claude mcp add gets the ${VAR} references unexpanded, for Claude Code to expand at start', () => {
    const [command, project] = agentSetup('claudeCode').steps;
    assert.equal(command!.kind, 'run');
    // Even with the variables set in the shell, the single quotes keep the references literal.
    assert.deepEqual(argsOf('claude', command!.code, { LSP_TOOL_MCP_URL: 'http://127.0.0.1:1234/mcp', LSP_TOOL_MCP_TOKEN: 'secret' }), [
      'mcp',
      'add',
      '--transport',
      'http',
      '--scope',
      'user',
      MCP_SERVER_NAME,
      URL_REF,
      '--header',
      `Authorization: ${AUTH_REF}`,
    ]);
    assert.equal(project!.file, '.mcp.json');
    assert.ok(project!.alternative);
    assert.deepEqual(JSON.parse(project!.code), { mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: URL_REF, headers: { Authorization: AUTH_REF } } } });
  });

  it("Codex CLI: the shell function passes the window's url and the token variable's name through -c, and nothing outside VS Code", () => {
    const [step] = agentSetup('codex').steps;
    assert.equal(step!.file, '~/.bashrc');
    const inVsCode = argsOf('codex', `${step!.code}\ncodex exec "find the callers"`, {
      LSP_TOOL_MCP_URL: 'http://127.0.0.1:1234/mcp',
      LSP_TOOL_MCP_TOKEN: 'secret',
    });
    assert.deepEqual(inVsCode, [
      '-c',
      `mcp_servers.${MCP_SERVER_NAME}.url="http://127.0.0.1:1234/mcp"`,
      '-c',
      `mcp_servers.${MCP_SERVER_NAME}.bearer_token_env_var="LSP_TOOL_MCP_TOKEN"`,
      'exec',
      'find the callers',
    ]);
    assert.ok(!inVsCode.some((arg) => arg.includes('secret')), 'the token never reaches the command line');
    assert.deepEqual(argsOf('codex', `${step!.code}\ncodex exec "find the callers"`), ['exec', 'find the callers']);
  });

  it('Gemini CLI: settings.json mcpServers with httpUrl, headers and trust (so gemini -p offers and runs our tools)', () => {
    const [step] = agentSetup('gemini').steps;
    assert.equal(step!.file, '~/.gemini/settings.json');
    assert.deepEqual(JSON.parse(step!.code), { mcpServers: { [MCP_SERVER_NAME]: { httpUrl: URL_REF, headers: { Authorization: AUTH_REF }, trust: true } } });
  });

  it("GitHub Copilot CLI: the shell function passes the window's url in --additional-mcp-config, the token as Copilot's ${VAR}, and nothing outside VS Code", () => {
    const [step] = agentSetup('copilotCli').steps;
    assert.equal(step!.file, '~/.bashrc');
    const inVsCode = argsOf('copilot', `${step!.code}\ncopilot -p "find the callers"`, {
      LSP_TOOL_MCP_URL: 'http://127.0.0.1:1234/mcp',
      LSP_TOOL_MCP_TOKEN: 'secret',
    });
    assert.equal(inVsCode.length, 4, inVsCode.join('\n'));
    assert.equal(inVsCode[0], '--additional-mcp-config');
    assert.deepEqual(JSON.parse(inVsCode[1]!), {
      mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: 'http://127.0.0.1:1234/mcp', headers: { Authorization: AUTH_REF }, tools: ['*'] } },
    });
    assert.deepEqual(inVsCode.slice(2), ['-p', 'find the callers']);
    assert.ok(!inVsCode.some((arg) => arg.includes('secret')), 'the token never reaches the command line');
    assert.deepEqual(argsOf('copilot', `${step!.code}\ncopilot -p "find the callers"`), ['-p', 'find the callers']);
  });

  it("the Markdown document: heading, intro, each step's prose before its fenced snippet, then where to start and the docs", () => {
    const setup = agentSetup('claudeCode');
    const text = setupMarkdown(setup, IDENTITY);
    assert.equal(
      text,
      [
        '# Connect Claude Code',
        `intro ${MCP_URL_VARIABLE} ${MCP_TOKEN_VARIABLE}`,
        'RUN',
        `\`\`\`sh\n${setup.steps[0]!.code}\n\`\`\``,
        'OR .mcp.json MERGE',
        `\`\`\`json\n${setup.steps[1]!.code}\n\`\`\``,
        'THEN Claude Code',
        `DOCS ${setup.docsUrl}`,
      ].join('\n\n') + '\n',
    );
    const codex = setupMarkdown(agentSetup('codex'), IDENTITY);
    assert.ok(codex.includes('ADD ~/.bashrc\n\n```sh\n'), codex);
    assert.ok(!codex.includes('MERGE'), 'a shell file is not merged JSON');
  });
});
