// VS Code's own MCP registry and the real Copilot Chat agent: with lspTool.mcp.offerToVsCode off
// (the default) agent mode is offered each of our tools once; on, VS Code starts our server from the
// registry and agent mode is offered each tool a second time, as an MCP tool. That duplicate is why
// the setting is off by default (docs/agents.md); the counts are measured, not assumed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, measure, setSetting, until } from './helpers';
import { askAgent, copilotReady, type ModelRequest, requests, script } from './copilotAgent';
import { MANIFESTS } from '../../src/tools/list';

/** Every tool we contribute, by the one list of manifests. */
const OUR_TOOLS = MANIFESTS.map((m) => m.name);
const times = (n: number): Record<string, number> => Object.fromEntries(OUR_TOOLS.map((tool) => [tool, n]));
/** VS Code names an MCP tool mcp_<server>_<tool>; our server calls itself lsp-tool. */
const MCP_PREFIX = 'mcp_lsp-tool_';

let round = 0;
/** The first agent request of a new agent-mode session. */
async function firstRequest(): Promise<ModelRequest> {
  const answer = `Registry round ${++round}.`;
  await script([{ text: answer }]);
  await askAgent(`Say hello (${round}).`);
  const [first] = await until(
    async () => (await requests()).filter((r: ModelRequest) => r.agentTurn),
    (r) => r.length >= 1,
    'an agent request',
    90_000,
  );
  return first!;
}

/** The tool names offered in the first agent request of a new agent-mode session. */
async function offeredNames(): Promise<string[]> {
  return (await firstRequest()).body.tools?.map((t) => t.function.name) ?? [];
}

/** For each of our tools, how often it is offered: as itself and as our MCP server's tool. */
function counts(names: string[]): Record<string, number> {
  return Object.fromEntries(OUR_TOOLS.map((tool) => [tool, names.filter((n) => n === tool || n === `${MCP_PREFIX}${tool}`).length]));
}

suite("@copilot our MCP server and VS Code's MCP registry, in the real Copilot Chat agent", () => {
  suiteSetup(async function () {
    this.timeout(180_000);
    await activateExtension();
    await copilotReady();
    assert.ok(await vscode.commands.executeCommand('lspTool.mcpEndpoint'), 'our MCP server listens');
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    await setSetting('mcp.offerToVsCode', undefined);
  });

  test('by default agent mode is offered each of our tools once, and no MCP copy of them', async () => {
    const names = await offeredNames();
    assert.deepEqual(counts(names), times(1), `offered: ${names.join(', ')}`);
    assert.ok(!names.some((n) => n.startsWith(MCP_PREFIX)), 'no tool of our MCP server');
  });

  test('with lspTool.mcp.offerToVsCode on, VS Code starts our server from its registry and agent mode gets each tool twice; off again, once', async function () {
    this.timeout(300_000);
    const baseline = await firstRequest();
    const before = baseline.body.tools?.length ?? 0;
    await setSetting('mcp.offerToVsCode', true);
    // VS Code starts the server it was offered before the next chat request; allow it a few sessions.
    let names: string[] = [];
    let request = baseline;
    for (let attempt = 0; attempt < 4 && !names.includes(`${MCP_PREFIX}lsp`); attempt++) {
      request = await firstRequest();
      names = request.body.tools?.map((t) => t.function.name) ?? [];
    }
    const registered = counts(names);
    const copies = (request.body.tools ?? []).filter((t) => t.function.name.startsWith(MCP_PREFIX));
    measure(
      `VS Code MCP registry: with lspTool.mcp.offerToVsCode on, agent mode is offered ${names.length} tools (${before} without), ${OUR_TOOLS.map((tool) => `${tool} ${registered[tool]}x`).join(', ')}; the MCP copies (${copies.map((t) => t.function.name).join(', ')}) add ${JSON.stringify(copies).length} characters of tool definitions to every request (request ${baseline.raw.length} -> ${request.raw.length} characters)`,
    );
    assert.deepEqual(registered, times(2), `offered: ${names.join(', ')}`);
    await setSetting('mcp.offerToVsCode', false);
    for (let attempt = 0; attempt < 4 && names.includes(`${MCP_PREFIX}lsp`); attempt++) names = await offeredNames();
    assert.deepEqual(counts(names), times(1), `offered after turning it off: ${names.join(', ')}`);
  });
});
