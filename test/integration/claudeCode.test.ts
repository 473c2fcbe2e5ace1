// The real Claude Code CLI (npm, pinned) in an integrated terminal of this window reaches our MCP
// server through the terminal's environment (LSP_TOOL_MCP_URL, LSP_TOOL_MCP_TOKEN), with a scripted
// Anthropic model on 127.0.0.1 (test/host/fakeAnthropic.mjs). Runs only in the runner's Claude Code
// suite (test/host/suites.mjs), which skips where the pinned binary cannot run, saying why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { MANIFESTS } from '../../src/tools/list';
import { activateExtension, expectCardCall, expectPage, folderUri, invoke, measure, page, pageTexts, until } from './helpers';
import { contributedTools } from './contributedTools';
import { type AnthropicRequest, type AnthropicTool, agentRequests, lastToolResults, mcpToolName, resultText, runClaude, script } from './claudeCodeAgent';

interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}
/** Every tool we contribute, by the one list of manifests. */
const OUR_TOOLS = MANIFESTS.map((m) => m.name);
const REFS = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };

/** Our error for an input, as lm.invokeTool rejects with it. */
async function errorOf(input: object): Promise<string> {
  try {
    await invoke(input);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail(`expected ${JSON.stringify(input)} to fail`);
}

function offered(request: AnthropicRequest, name: string): AnthropicTool | undefined {
  return request.body.tools?.find((t) => t.name === name);
}

/** The scripted turns: load a tool (lsp) through ToolSearch, call it once, then answer. */
function loadAndCall(input: unknown, id: string, answer: string, tool = 'lsp'): Parameters<typeof script>[0] {
  return [
    { toolUses: [{ id: `${id}_search`, name: 'ToolSearch', input: { query: `select:${mcpToolName(tool)}`, max_results: 5 } }] },
    { toolUses: [{ id, name: mcpToolName(tool), input }] },
    { text: answer },
  ];
}

/** A small project of its own for the rename: a function and two files that use it. */
const RENAME_DIR = 'claude-rename-gen';
const RENAME_FILES: Record<string, string> = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "commonjs", "noEmit": true }, "include": ["*.ts"] }\n',
  'lib.ts': 'export function claudeShared(): number {\n  return 1;\n}\n',
  'use.ts': "import { claudeShared } from './lib';\n\nexport const used = claudeShared();\n",
};
const RENAME = { file_path: `basic/${RENAME_DIR}/lib.ts`, line: 1, character: 17, new_name: 'claudeRenamed' };
const renameFile = (name: string): string => vscode.Uri.joinPath(folderUri('basic'), RENAME_DIR, name).fsPath;

suite('@claude the real Claude Code CLI calls our MCP server from an integrated terminal', () => {
  let endpoint: McpEndpoint;
  suiteSetup(async function () {
    this.timeout(120_000);
    await activateExtension();
    endpoint = (await until(
      async () => vscode.commands.executeCommand<McpEndpoint | undefined>('lspTool.mcpEndpoint'),
      Boolean,
      'our MCP server to listen',
      30_000,
    ))!;
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}` });
  });

  test('it loads lsp through ToolSearch, calls findReferences, and the next request carries our text as the tool_result', async () => {
    const expected = await invoke(REFS);
    await script(loadAndCall(REFS, 'toolu_refs', 'Found the references.'));
    const run = await runClaude('Find the references of totalArea in basic/src/geometry.ts.', { cwd: folderUri('basic') });
    assert.equal(run.exitCode, 0, `claude -p exits 0; stderr: ${run.stderr}`);
    assert.equal(run.stdout.trim(), 'Found the references.');
    assert.equal(run.terminalUrl, endpoint.url, 'the terminal has our URL in LSP_TOOL_MCP_URL');
    assert.ok(run.terminalHadToken, 'the terminal has LSP_TOOL_MCP_TOKEN');

    const [first, second, third, ...more] = await agentRequests();
    assert.ok(first && second && third, 'three requests to the model');
    assert.equal(more.length, 0, 'no request after the answer');
    // Deferred: the first request names each of our tools, and offers none of them with its schema yet.
    for (const tool of OUR_TOOLS) {
      assert.ok(first.raw.includes(mcpToolName(tool)), `the first request names ${mcpToolName(tool)}`);
      assert.equal(offered(first, mcpToolName(tool))?.input_schema, undefined, `${tool} is not loaded before ToolSearch`);
    }
    // Loaded: lsp with the language-model tool's own description and input schema.
    const lsp = (await contributedTools()).find((t) => t.name === 'lsp')!;
    for (const request of [second, third]) {
      const tool = offered(request, mcpToolName('lsp'));
      assert.ok(tool, `lsp is offered once loaded; offered: ${request.body.tools?.map((t) => t.name).join(', ')}`);
      assert.equal(tool.description, lsp.modelDescription);
      assert.deepEqual(tool.input_schema, lsp.inputSchema);
    }
    // The result: our text, with the one newline Claude Code appends.
    const results = lastToolResults(third);
    assert.equal(results.length, 1, `one tool_result in the last user message: ${JSON.stringify(results)}`);
    assert.equal(results[0]!.tool_use_id, 'toolu_refs');
    assert.ok(!results[0]!.is_error, 'not an error');
    assert.equal(resultText(results[0]!), `${expected}\n`);

    const loaded = JSON.stringify(offered(third, mcpToolName('lsp'))).length;
    measure(
      `Claude Code: lsp once loaded adds ${loaded} characters of tool definition to each request; tool call answered -> next request ${third.at - second.answeredAt} ms`,
    );
    // The README's screenshot: the card showing the terminal agent's query.
    const [title] = await pageTexts('.card-title', { text: 'claude-code:', timeoutMs: 15_000 });
    assert.equal(title, 'claude-code: References to totalArea', "the card shows the call, titled with the MCP client's name");
    await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
    await page('screenshot', { name: 'card-agent', selector: '#workbench\\.parts\\.panel' });
  });

  test('in plan mode, with lsp allowed as documented, it calls lsp without a prompt (our tools say readOnlyHint)', async () => {
    const expected = await invoke(REFS);
    await script(loadAndCall(REFS, 'toolu_plan', 'Planned.'));
    const run = await runClaude('Plan a change to totalArea.', { cwd: folderUri('basic'), permissionMode: 'plan' });
    assert.equal(run.exitCode, 0, `claude -p exits 0; stderr: ${run.stderr}`);
    const requests = await agentRequests();
    assert.equal(requests.length, 3, 'three requests to the model');
    const results = lastToolResults(requests[2]!);
    assert.equal(results.length, 1, `one tool_result: ${JSON.stringify(results)}`);
    assert.equal(results[0]!.tool_use_id, 'toolu_plan');
    // Without readOnlyHint this is an is_error "Cannot call mcp__lsp-tool__lsp while in plan mode."
    assert.ok(!results[0]!.is_error, `not an error: ${resultText(results[0]!)}`);
    assert.equal(resultText(results[0]!), `${expected}\n`);
  });

  test('lsp_rename: allowed as documented, it renames across files; in plan mode Claude Code refuses it (readOnlyHint false)', async () => {
    fs.rmSync(renameFile(''), { recursive: true, force: true });
    fs.mkdirSync(renameFile(''), { recursive: true });
    for (const [name, text] of Object.entries(RENAME_FILES)) fs.writeFileSync(renameFile(name), text);
    try {
      await until(
        async () => invoke({ operation: 'findReferences', ...RENAME, new_name: undefined }),
        (text) => text.includes('use.ts'),
        'tsserver knows the small project',
        30_000,
      );
      // Plan mode: Claude Code runs only read-only tools there, so it refuses ours, and nothing changes.
      await script(loadAndCall(RENAME, 'toolu_plan_rename', 'Not renamed.', 'lsp_rename'));
      const planned = await runClaude('Rename claudeShared.', { cwd: folderUri('basic'), permissionMode: 'plan', allowedTools: [mcpToolName('lsp_rename')] });
      assert.equal(planned.exitCode, 0, `claude -p exits 0; stderr: ${planned.stderr}`);
      const refused = lastToolResults((await agentRequests())[2]!);
      assert.equal(refused[0]?.is_error, true, `plan mode refuses a tool that is not read-only: ${JSON.stringify(refused)}`);
      assert.equal(fs.readFileSync(renameFile('use.ts'), 'utf8'), RENAME_FILES['use.ts']);
      // Allowed (--allowedTools mcp__lsp-tool__lsp_rename): renamed, saved, checked.
      await script(loadAndCall(RENAME, 'toolu_rename', 'Renamed.', 'lsp_rename'));
      const run = await runClaude('Rename claudeShared to claudeRenamed.', { cwd: folderUri('basic'), allowedTools: [mcpToolName('lsp_rename')] });
      assert.equal(run.exitCode, 0, `claude -p exits 0; stderr: ${run.stderr}`);
      const results = lastToolResults((await agentRequests())[2]!);
      assert.equal(results.length, 1, `one tool_result: ${JSON.stringify(results)}`);
      assert.ok(!results[0]!.is_error, `not an error: ${resultText(results[0]!)}`);
      assert.match(resultText(results[0]!), /^Renamed `claudeShared` to `claudeRenamed`: 3 edits in 2 files\.$/m);
      assert.equal(fs.readFileSync(renameFile('use.ts'), 'utf8'), RENAME_FILES['use.ts']!.replaceAll('claudeShared', 'claudeRenamed'));
      assert.equal(fs.readFileSync(renameFile('lib.ts'), 'utf8'), RENAME_FILES['lib.ts']!.replaceAll('claudeShared', 'claudeRenamed'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
      fs.rmSync(renameFile(''), { recursive: true, force: true });
    }
  });

  test('with bad arguments the model gets our coded error as an is_error tool_result', async () => {
    const bad = { ...REFS, line: 0 };
    const expected = await errorOf(bad);
    assert.ok(expected.startsWith('LSP_INVALID_ARGUMENT: '), expected);
    await script(loadAndCall(bad, 'toolu_bad', 'The call failed.'));
    const run = await runClaude('Find the references at line 0.', { cwd: folderUri('basic') });
    assert.equal(run.exitCode, 0, `claude -p exits 0; stderr: ${run.stderr}`);
    const requests = await agentRequests();
    assert.equal(requests.length, 3, 'three requests to the model');
    const results = lastToolResults(requests[2]!);
    assert.equal(results.length, 1, `one tool_result: ${JSON.stringify(results)}`);
    assert.equal(results[0]!.tool_use_id, 'toolu_bad');
    assert.equal(results[0]!.is_error, true, 'is_error: true');
    assert.equal(resultText(results[0]!), `${expected}\n`);
  });

  test('the setup "LSP: Connect an Agent…" shows for Claude Code works as shown: claude mcp add once, then claude finds our tools', async () => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('lspTool.connectAgent', 'claudeCode');
    const text = document.getText();
    assert.ok(!text.includes(endpoint.headers['Authorization']!.slice('Bearer '.length)), 'the setup never shows the token');
    const command = /```sh\n([^\n]+)\n```/.exec(text)?.[1];
    assert.ok(command?.startsWith('claude mcp add '), `the first step is a claude mcp add command: ${text}`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const expected = await invoke(REFS);
    await script(loadAndCall(REFS, 'toolu_setup', 'Found them.'));
    const run = await runClaude('Find the references of totalArea.', { cwd: folderUri('basic'), mcpConfig: null, setup: command });
    assert.equal(run.exitCode, 0, `claude -p exits 0; setup: ${run.setupLog}; stderr: ${run.stderr}`);
    const requests = await agentRequests();
    assert.equal(requests.length, 3, `three requests to the model; setup: ${run.setupLog}`);
    const results = lastToolResults(requests[2]!);
    assert.equal(results[0]?.tool_use_id, 'toolu_setup');
    assert.equal(resultText(results[0]), `${expected}\n`);
  });
});
