// "LSP: Connect an Agent…" in the real VS Code: each agent's setup opens as a read-only Markdown
// document, shown rendered, naming every tool, with its snippets and the window's variable names, never the window's address or token;
// in the web-worker host, which cannot listen, it says this window serves no tools. (Not by turning
// the server off here: a restart would move it to another port under the other suites' feet.) (Claude Code's setup is also run as shown, with
// the real CLI, in claudeCode.test.ts.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AGENT_IDS, type AgentId, agentSetup, MCP_TOKEN_VARIABLE, MCP_URL_VARIABLE } from '../../src/text/agentSetup';
import { activateExtension, EXTENSION_ID, until } from './helpers';

interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}
const endpoint = async (): Promise<McpEndpoint | undefined> => vscode.commands.executeCommand<McpEndpoint | undefined>('lspTool.mcpEndpoint');
const NOT_SERVING = 'This window does not serve the tools to agents now';

async function setupText(agent: string): Promise<{ text: string; languageId: string }> {
  const document = await vscode.commands.executeCommand<vscode.TextDocument>('lspTool.connectAgent', agent);
  assert.ok(document, `a document for ${agent}`);
  // Shown rendered: the active tab is the Markdown preview of that document, and no tab shows its text.
  await until(
    () => vscode.window.tabGroups.activeTabGroup.activeTab,
    (tab) =>
      tab?.input instanceof vscode.TabInputWebview &&
      /markdown\.preview/.test(tab.input.viewType) &&
      tab.label.includes(`${agentSetup(agent as AgentId).name} setup`),
    `the rendered ${agent} setup is the active tab`,
  );
  const textTabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString());
  assert.deepEqual(
    textTabs.map((t) => t.label),
    [],
    'no tab of its text',
  );
  const shown = { text: document.getText(), languageId: document.languageId };
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return shown;
}

suite('LSP: Connect an Agent…', () => {
  suiteSetup(activateExtension);
  teardown(async () => {
    // Its "Copy…?" notifications would stand in the way of tests that click notification buttons.
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  test("each agent's setup opens as Markdown: its snippets and the variable names, never the address or the token; in the web worker, that no tools are served", async () => {
    // ExtensionKind.UI: the web-worker host, which cannot listen; Workspace: the server's Node host.
    const inWorker = vscode.extensions.getExtension(EXTENSION_ID)!.extensionKind === vscode.ExtensionKind.UI;
    const serving = inWorker ? await endpoint() : await until(endpoint, Boolean, 'our MCP server to listen', 30_000);
    if (inWorker) assert.equal(serving, undefined, 'no server in the web worker');
    const token = serving?.headers['Authorization']?.replace(/^Bearer /, '');
    // Every tool the extension contributes, as its package.json lists them.
    const tools = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { languageModelTools: { name: string }[] } }
    ).contributes.languageModelTools.map((t) => t.name);
    assert.ok(tools.length >= 5, `${tools.length} tools`);
    for (const id of AGENT_IDS) {
      const setup = agentSetup(id);
      const { text, languageId } = await setupText(id);
      assert.equal(languageId, 'markdown', id);
      assert.ok(text.startsWith(`# Connect ${setup.name} to VS Code\n`), `${id}: ${JSON.stringify(text.slice(0, 80))}`);
      for (const step of setup.steps) assert.ok(text.includes(`\`\`\`${step.language}\n${step.code}\n\`\`\``), `${id}: ${step.code}`);
      assert.ok(text.includes(MCP_URL_VARIABLE) && text.includes(MCP_TOKEN_VARIABLE), id);
      assert.ok(text.includes(setup.docsUrl), `${id} links its documentation`);
      if (serving) {
        assert.ok(!text.includes(token!), `${id}: no token`);
        assert.ok(!text.includes(serving.url), `${id}: no address`);
      }
      assert.equal(text.includes(NOT_SERVING), inWorker, `${id}: says whether this window serves the tools`);
      for (const tool of tools) assert.ok(text.includes(`\`${tool}\``), `${id}: names the tool ${tool}`);
    }
  });
});
