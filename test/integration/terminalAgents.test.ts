// The real Codex, Gemini and Copilot CLIs (npm, pinned) in an integrated terminal of this window,
// each with exactly the setup "LSP: Connect an Agent…" shows (docs/agents.md), reach our MCP server
// through the terminal's environment, with a scripted model on 127.0.0.1. Runs in the runner's
// terminal agents suite (test/host/suites.mjs) beside Claude Code's test.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { MANIFESTS } from '../../src/tools/list';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, expectCardCall, expectPage, EXTENSION_ID, folderUri, invoke, measure, pageTexts, testEnv, until } from './helpers';
import { contributedTools, type ContributedTool } from './contributedTools';
import { script } from './claudeCodeAgent';
import { agentBin, runAgent, setupSnippet, type AgentRun, type AgentRunOptions, type TerminalAgentId } from './terminalAgent';

/** Every tool we contribute, by the one list of manifests. */
const OUR_TOOLS = MANIFESTS.map((m) => m.name);
const REFS = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };
const ASKED = /findReferences basic\/src\/geometry\.ts:3:17 -> /;
const PROMPT = 'Find the references of totalArea in basic/src/geometry.ts.';
const ANSWER = 'Found the references.';

/** A request the scripted model recorded (fakeAnthropic.mjs's entry). */
interface ModelRequest {
  api?: string;
  agentTurn: boolean;
  at: number;
  answeredAt: number;
  raw: string;
  body: Record<string, unknown>;
}

/** A tool as the agent offered it to the model: its name, what the model reads, its schema, its size on the wire. */
interface Offered {
  name: string;
  description: string;
  schema: unknown;
  chars: number;
}

interface Agent {
  id: TerminalAgentId;
  /** The MCP client name the card titles the call with. */
  client: string;
  api: string;
  /** Our tool's name as the agent offers it (a Codex namespace's tool as `namespace/name`). */
  toolName: (tool: string) => string;
  offered: (body: Record<string, unknown>) => Offered[];
  /** The text of our tool's result in the request after the call. */
  resultText: (body: Record<string, unknown>) => string | undefined;
  /** The run: the documented setup and one prompt. */
  options: (model: string) => Promise<Omit<AgentRunOptions, 'bin' | 'prompt' | 'cwd'>>;
  /** Properties the agent adds to every tool's schema of its own (Gemini's `wait_for_previous`). */
  addedProperties: string[];
}

interface SchemaProperty {
  type: string;
  description: string;
  enum?: string[];
}
interface Schema {
  properties: Record<string, SchemaProperty>;
  required: string[];
}

/**
 * Our schema as the agent rewrote it: each of our properties, its description first (Copilot adds
 * `{minimum: 1, maximum: 5}` to it), its values, its type (Codex writes `integer` as `number`), and
 * the same required fields; besides ours only the agent's own properties.
 */
function sameSchema(offered: Offered, ours: Schema, added: string[]): void {
  const theirs = offered.schema as Schema;
  assert.deepEqual(Object.keys(theirs.properties).sort(), [...Object.keys(ours.properties), ...added].sort(), `${offered.name}: our properties`);
  for (const [key, property] of Object.entries(ours.properties)) {
    const their = theirs.properties[key]!;
    assert.ok(their.description.startsWith(property.description), `${offered.name}.${key}: our description: ${their.description}`);
    assert.deepEqual(their.enum, property.enum, `${offered.name}.${key}: our values`);
    assert.ok(their.type === property.type || (property.type === 'integer' && their.type === 'number'), `${offered.name}.${key}: ${their.type}`);
  }
  assert.deepEqual(theirs.required, ours.required, `${offered.name}: our required fields`);
}

const sized = (name: string, description: unknown, schema: unknown, whole: unknown): Offered => ({
  name,
  description: String(description),
  schema,
  chars: JSON.stringify(whole).length,
});

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

const AGENTS: Agent[] = [
  {
    id: 'codex',
    client: 'codex-mcp-client',
    api: 'responses',
    toolName: (tool) => `mcp__lsp_tool/${tool}`,
    offered: (body) =>
      list(body.tools)
        .filter((t) => t.type === 'namespace' && t.name === 'mcp__lsp_tool')
        .flatMap((ns) => list(ns.tools).map((t) => sized(`mcp__lsp_tool/${String(t.name)}`, t.description, t.parameters, t))),
    resultText: (body) => {
      const output = list(body.input).find((item) => item.type === 'function_call_output')?.output;
      return list(output)
        .map((part) => String(part.text))
        .filter((text) => !/^Wall time: /.test(text))
        .join('');
    },
    options: async (model) => ({
      bashrc: await setupSnippet('codex', 'sh'),
      homeFiles: {
        // The model provider (test-only); the MCP server comes from the setup's function alone.
        '.codex/config.toml': [
          'model_provider = "fake"',
          'model = "gpt-5"',
          '[model_providers.fake]',
          'name = "fake"',
          `base_url = "${model}/v1"`,
          'wire_api = "responses"',
          'env_key = "FAKE_MODEL_KEY"',
        ].join('\n'),
      },
      env: { FAKE_MODEL_KEY: 'sk-test' },
      command: 'codex exec --skip-git-repo-check --ephemeral "$AGENT_PROMPT"',
    }),
    addedProperties: [],
  },
  {
    id: 'gemini',
    client: 'gemini-cli-mcp-client',
    api: 'gemini',
    toolName: (tool) => `mcp_lsp-tool_${tool}`,
    offered: (body) =>
      list(body.tools)
        .flatMap((t) => list(t.functionDeclarations))
        .filter((f) => String(f.name).startsWith('mcp_lsp-tool_'))
        .map((f) => sized(String(f.name), f.description, f.parametersJsonSchema, f)),
    resultText: (body) => {
      const parts = list(list(body.contents).at(-1)?.parts);
      const response = parts.find((p) => p.functionResponse)?.functionResponse as { response?: { output?: string } } | undefined;
      return response?.response?.output;
    },
    options: async (model) => {
      // The documented entry, added to the file beside the (test-only) API key sign-in.
      const setup = JSON.parse(await setupSnippet('gemini', 'json')) as Json;
      return {
        homeFiles: { '.gemini/settings.json': JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, ...setup }) },
        env: { GOOGLE_GEMINI_BASE_URL: model, GEMINI_API_KEY: 'fake-key' },
        // --skip-trust: the fixture folder is new to Gemini; -m: one model, no routing request.
        command: 'gemini -p "$AGENT_PROMPT" --skip-trust -m gemini-2.5-pro',
      };
    },
    addedProperties: ['wait_for_previous'],
  },
  {
    id: 'copilot',
    client: 'copilot-cli',
    api: 'chat',
    toolName: (tool) => `lsp-tool-${tool}`,
    offered: (body) =>
      list(body.tools)
        .map((t) => t.function as Json | undefined)
        .filter((f): f is Json => f !== undefined && String(f.name).startsWith('lsp-tool-'))
        .map((f) => sized(String(f.name), f.description, f.parameters, { type: 'function', function: f })),
    resultText: (body) => {
      const content = list(body.messages)
        .filter((m) => m.role === 'tool')
        .at(-1)?.content;
      return typeof content === 'string' ? content : undefined;
    },
    options: async (model) => ({
      bashrc: await setupSnippet('copilotCli', 'sh'),
      env: {
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_BASE_URL: `${model}/v1`,
        COPILOT_PROVIDER_TYPE: 'openai',
        COPILOT_PROVIDER_API_KEY: 'sk-test',
        COPILOT_MODEL: 'gpt-5.4',
      },
      command: 'copilot -p "$AGENT_PROMPT" --allow-tool lsp-tool',
    }),
    addedProperties: [],
  },
];

async function modelRequests(): Promise<ModelRequest[]> {
  const response = await fetch(`${testEnv('LSP_TOOL_FAKE_ANTHROPIC')}/control/requests`);
  return ((await response.json()) as ModelRequest[]).filter((r) => r.agentTurn);
}

const api = (): LspToolApi => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const logFile = (): string => vscode.Uri.joinPath(api().logUri, 'LSP Tool.log').fsPath;
const askedCount = (): number =>
  fs.existsSync(logFile())
    ? fs
        .readFileSync(logFile(), 'utf8')
        .split('\n')
        .filter((l) => ASKED.test(l)).length
    : 0;

suite('@claude the real Codex, Gemini and Copilot CLIs call our MCP server from an integrated terminal', () => {
  let tools: ContributedTool[];
  let endpointUrl: string;
  suiteSetup(async function () {
    this.timeout(120_000);
    await activateExtension();
    const endpoint = await until(
      async () => vscode.commands.executeCommand<{ url: string } | undefined>('lspTool.mcpEndpoint'),
      Boolean,
      'our MCP server to listen',
      30_000,
    );
    endpointUrl = endpoint!.url;
    tools = await contributedTools();
    await vscode.commands.executeCommand('lspTool.showCard');
    await expectPage('#content', { timeoutMs: 30_000 });
  });

  for (const agent of AGENTS) {
    test(`${agent.id}: the documented setup connects; the model is offered every tool of ours, one lsp call reaches the server, and the next request carries our text`, async function () {
      this.timeout(240_000);
      const bin = agentBin(agent.id);
      const model = testEnv('LSP_TOOL_FAKE_ANTHROPIC')!;
      const started = performance.now();
      const expected = await invoke(REFS);
      const invokeMs = performance.now() - started;
      await until(askedCount, (n) => n > 0, 'the log line of lm.invokeTool', 10_000);
      const before = askedCount();
      await script([{ toolUses: [{ id: `call_${agent.id}`, name: agent.toolName('lsp'), input: REFS }] }, { text: ANSWER }]);
      const run: AgentRun = await runAgent({ bin, prompt: PROMPT, cwd: folderUri('basic'), ...(await agent.options(model)) });
      assert.equal(run.exitCode, 0, `${agent.id} exits 0; stderr: ${run.stderr.slice(-2000)}`);
      assert.ok(run.stdout.includes(ANSWER), `${agent.id} prints the model's answer: ${run.stdout.slice(-1000)}; stderr: ${run.stderr.slice(-2000)}`);
      assert.equal(run.terminalUrl, endpointUrl, 'the terminal has our URL in LSP_TOOL_MCP_URL');
      assert.ok(run.terminalHadToken, 'the terminal has LSP_TOOL_MCP_TOKEN');

      const requests = (await modelRequests()).filter((r) => r.api === agent.api);
      assert.equal(requests.length, 2, `two agent requests to the model: ${requests.map((r) => r.raw.length).join(', ')}`);
      const [first, second] = requests as [ModelRequest, ModelRequest];
      // Offered: every tool of ours, each with the language-model tool's description and schema.
      const offered = agent.offered(first.body);
      assert.deepEqual(offered.map((t) => t.name).sort(), OUR_TOOLS.map(agent.toolName).sort(), `${agent.id} offers every tool of ours`);
      for (const tool of tools) {
        const mine = offered.find((t) => t.name === agent.toolName(tool.name))!;
        assert.equal(mine.description, tool.modelDescription, `${mine.name}: our description`);
        sameSchema(mine, tool.inputSchema as Schema, agent.addedProperties);
      }
      // One lsp call reached our server: one more log line for the query, and the card titled with the agent's MCP name.
      const after = await until(askedCount, (n) => n > before, 'the log line of the MCP call', 10_000);
      assert.equal(after, before + 1, 'exactly one lsp call reached the server');
      const [title] = await pageTexts('.card-title', { text: `${agent.client}:`, timeoutMs: 15_000 });
      assert.equal(title, `${agent.client}: References to totalArea`, "the card shows the call, titled with the MCP client's name");
      await expectCardCall('LSP findReferences basic/src/geometry.ts:3:17');
      // The next request carries our text.
      const text = agent.resultText(second.body);
      assert.ok(text?.includes(expected), `${agent.id}'s next request carries our text: ${JSON.stringify(text)?.slice(0, 400)}`);
      measure(
        `${agent.id}: offered ${offered.map((t) => `${t.name} ${t.chars}`).join(', ')} characters (all ${offered.reduce((n, t) => n + t.chars, 0)}); ` +
          `our text ${expected.length} characters reaches the model as ${text!.length}; ` +
          `tool call answered -> next request ${second.at - first.answeredAt} ms (the same call through lm.invokeTool ${invokeMs.toFixed(0)} ms)`,
      );
    });
  }
});
