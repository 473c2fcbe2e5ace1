// The README is for users and stays short; what it must still say is checked against the manifest
// and the source, so a new setting, command or error code cannot ship undocumented.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const readmeBytes = fs.readFileSync(path.join(root, 'README.md'));
const readme = readmeBytes.toString('utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    chatParticipants: { name: string; commands: { name: string }[] }[];
    languageModelTools: { name: string }[];
  };
};
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

/** The codes of the `LspErrorCode` union, wherever in src/ it is declared. */
function errorCodes(): string[] {
  for (const file of sources(path.join(root, 'src'))) {
    const match = /type LspErrorCode\s*=([^;]+);/.exec(fs.readFileSync(file, 'utf8'));
    if (match) return [...match[1]!.matchAll(/'(LSP_[A-Z_]+)'/g)].map((m) => m[1]!);
  }
  return [];
}

describe('README.md', () => {
  // A budget, not a fit to today's text: room for clear sentences, not for more material.
  it("is at most 12 KB (12,288 bytes), the product's budget: maintainer material lives in CONTRIBUTING.md and docs/performance.md", () => {
    assert.ok(readmeBytes.length <= 12 * 1024, `README.md is ${readmeBytes.length} bytes`);
  });
  it('documents every setting', () => {
    for (const key of Object.keys(pkg.contributes.configuration.properties)) assert.ok(readme.includes(`\`${key}\``), key);
  });
  it('documents every command', () => {
    for (const { command } of pkg.contributes.commands) assert.ok(readme.includes(`\`${command}\``), command);
  });
  it('documents @lsp and every slash command', () => {
    for (const participant of pkg.contributes.chatParticipants) {
      assert.ok(readme.includes(`@${participant.name}`), participant.name);
      for (const { name } of participant.commands) assert.ok(readme.includes(`/${name}`), name);
    }
  });
  it('documents every error code', () => {
    const codes = errorCodes();
    assert.ok(codes.length >= 11, `found the LspErrorCode union in src/ (${codes.length} codes)`);
    for (const code of codes) assert.ok(readme.includes(`\`${code}\``), code);
  });
  it('keeps the quick start true', () => {
    assert.ok(readme.includes('npm install && npm start'));
    assert.ok(readme.includes('npm install && npm test'));
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const script of ['start', 'test', 'package']) assert.ok(scripts[script], script);
  });
  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
    assert.ok(targets.length > 0);
    for (const target of targets) assert.ok(fs.existsSync(path.join(root, target)), target);
  });
});

describe('docs/agents.md', () => {
  const agents = fs.readFileSync(path.join(root, 'docs', 'agents.md'), 'utf8');
  const tools = pkg.contributes.languageModelTools.map((t) => t.name);
  it('names every tool an agent finds, from the one list of tools', () => {
    assert.ok(tools.length >= 5, tools.join(', '));
    for (const tool of tools) assert.ok(agents.includes(`\`${tool}\``), tool);
  });
  it('never counts the tools in words (a count goes stale with the next tool)', () => {
    assert.doesNotMatch(agents, /\b(three|four|five|six) (read-only )?tools\b/i);
  });
  it('starts, per agent, with a quick connect and a way to check it', () => {
    const quick = agents.slice(agents.indexOf('## Quick connect'), agents.indexOf('## How an agent finds its window'));
    assert.ok(quick.length > 0, 'a Quick connect section before the details');
    for (const agent of ['Claude Code', 'Codex CLI', 'Gemini CLI', 'Copilot CLI']) assert.match(quick, new RegExp(`^\\| ${agent} \\|`, 'm'), agent);
    assert.ok(quick.includes('echo $LSP_TOOL_MCP_URL'));
  });
});
