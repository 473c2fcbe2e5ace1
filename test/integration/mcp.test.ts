// The MCP server the extension starts, driven by the SDK's own client (and raw HTTP for what no
// client sends), in the real VS Code against the real TypeScript server: the same tools and text
// as vscode.lm, coded errors, the security answers, cancellation, load, the card, `ask`, and the
// terminal's variables. Not in the web-worker host (no sockets there: tool.test.ts checks that
// the endpoint is undefined there).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, expectCardCall, EXTENSION_ID, folderUri, measure, page, pageTexts, setSetting, textOf, until } from './helpers';
import { MANIFESTS } from '../../src/tools/list';
import type { McpEndpoint } from '../../src/mcp/start';
import { connect, endpoint, mcpText } from './mcpClient';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
/** Every tool we contribute, by the one list of manifests. */
const OUR_TOOLS = MANIFESTS.map((m) => m.name);

const REFERENCES = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };
const SYMBOLS = { query: 'totalArea' };
const HIERARCHY = { direction: 'incomingCalls', file_path: 'basic/src/calls.ts', line: 10, character: 17 };

async function lmText(name: string, input: object): Promise<string> {
  return textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token));
}

async function lmError(name: string, input: object): Promise<string> {
  try {
    await lmText(name, input);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail(`${name} did not fail`);
}

/** One request as written (fetch would not let us set Host), against the server's port. */
function raw(url: string, options: { headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const logFile = () => vscode.Uri.joinPath(api().logUri, 'LSP Tool.log').fsPath;
const logText = () => (fs.existsSync(logFile()) ? fs.readFileSync(logFile(), 'utf8') : '');

suite('MCP server', () => {
  let client: Client;
  suiteSetup(async () => {
    await activateExtension();
    client = await connect();
  });
  suiteTeardown(async () => client?.close());
  teardown(async () => {
    for (const key of ['timeoutMs', 'outsideWorkspace']) await setSetting(key, undefined);
  });

  test('lspTool.mcpEndpoint: a loopback URL and a bearer token of at least 128 bits', async () => {
    const { url, headers } = await endpoint();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const token = /^Bearer (\S+)$/.exec(headers.Authorization)?.[1];
    assert.ok(token && Buffer.from(token, 'base64url').length * 8 >= 128, headers.Authorization.length.toString());
    assert.ok(!logText().includes(token), 'the token is not in the log');
    const listening = /MCP server listening on (\S+) \(dist\/mcp\.js loaded and the server started in (\d+\.\d)ms\)/;
    const started = listening.exec(await until(logText, (text) => listening.test(text), 'the log line of the start', 10_000));
    assert.equal(started?.[1], url, 'the log says where the server listens');
    measure(`MCP server start (require dist/mcp.js, listen): ${started?.[2]}ms, after activation`);
  });

  test('tools/list equals the language-model definitions (package.json and vscode.lm.tools)', async () => {
    const listed = (await client.listTools()).tools;
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { languageModelTools: { name: string; displayName: string; modelDescription: string; inputSchema: object }[] };
    };
    const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    // The one tool that writes: an agent asks before it runs.
    const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
    assert.deepEqual(
      listed,
      pkg.contributes.languageModelTools.map((t) => ({
        name: t.name,
        title: t.displayName,
        description: t.modelDescription,
        inputSchema: t.inputSchema,
        annotations: { title: t.displayName, ...(t.name === 'lsp_rename' ? writes : readOnly) },
      })),
    );
    assert.deepEqual(
      listed.map((t) => t.title),
      [
        'LSP: precise code navigation',
        'LSP: symbols by name, file outlines',
        'LSP: call and type hierarchy',
        'LSP: errors and warnings, checked fresh',
        'LSP: rename a symbol everywhere',
      ],
      'titled with the displayName VS Code shows (package.nls.json)',
    );
    // A tool that writes is offered once activation has set its when clause's context key.
    await until(
      () => OUR_TOOLS.filter((name) => !vscode.lm.tools.some((t) => t.name === name)),
      (missing) => missing.length === 0,
      'vscode.lm.tools offers every tool',
    );
    const lm = OUR_TOOLS.map((name) => vscode.lm.tools.find((t) => t.name === name)!);
    assert.deepEqual(
      listed.map((t) => t.name),
      OUR_TOOLS,
    );
    for (const [i, tool] of lm.entries()) {
      assert.equal(listed[i]!.description, tool.description, tool.name);
      assert.deepEqual(listed[i]!.inputSchema, tool.inputSchema, tool.name);
    }
  });

  test("@once each tool's text equals lm.invokeTool's for the same input", async () => {
    for (const [name, input] of [
      ['lsp', REFERENCES],
      ['lsp_symbols', SYMBOLS],
      ['lsp_hierarchy', HIERARCHY],
    ] as const) {
      // Warm first: a cold project's first answer may carry the partial-results Note (readiness), whichever transport asks.
      await lmText(name, input);
      const expected = await lmText(name, input);
      const result = await client.callTool({ name, arguments: input });
      assert.notEqual(result.isError, true, name);
      assert.equal(mcpText(result), expected, name);
    }
    assert.match(mcpText(await client.callTool({ name: 'lsp', arguments: REFERENCES })), /^basic\/src\/geometry\.ts:3:17: export function totalArea/);
  });

  test('coded errors are isError results with the same message as lm.invokeTool', async () => {
    const cases: [string, object, string][] = [
      ['lsp', { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 0, character: 1 }, 'LSP_INVALID_ARGUMENT'],
      ['lsp', { operation: 'hover', file_path: 'basic/src/nope.ts', line: 1, character: 1 }, 'LSP_FILE_NOT_FOUND'],
      ['lsp_symbols', { query: 42 }, 'LSP_INVALID_ARGUMENT'],
      ['lsp_hierarchy', { direction: 'sideways', file_path: 'basic/src/calls.ts', line: 10, character: 17 }, 'LSP_INVALID_ARGUMENT'],
    ];
    for (const [name, input, code] of cases) {
      const result = await client.callTool({ name, arguments: input as Record<string, unknown> });
      assert.equal(result.isError, true, `${name} ${JSON.stringify(input)}`);
      assert.ok(mcpText(result).startsWith(`${code}: `), mcpText(result));
      assert.equal(mcpText(result), await lmError(name, input));
    }
  });

  test('@once 401, 403, 413 and malformed JSON, each followed by a good call', async () => {
    const { url, headers } = await endpoint();
    const port = new URL(url).port;
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    const cases: [string, { headers?: Record<string, string>; body: string | Buffer }, number][] = [
      ['no token', { body: initialize }, 401],
      ['wrong token', { body: initialize, headers: { Authorization: `${headers.Authorization.slice(0, -2)}xx` } }, 401],
      ['Host evil.example', { body: initialize, headers: { ...headers, Host: `evil.example:${port}` } }, 403],
      ['Origin https://evil.example', { body: initialize, headers: { ...headers, Origin: 'https://evil.example' } }, 403],
      ['2 MiB body', { body: Buffer.alloc(2 * 1024 * 1024, 0x20), headers }, 413],
      ['malformed JSON', { body: '{"jsonrpc": "2.0", "id": 1,', headers }, 400],
    ];
    const expected = await lmText('lsp', REFERENCES);
    const served: string[] = [];
    for (const [name, request, status] of cases) {
      const answer = await raw(url, request);
      assert.equal(answer.status, status, `${name}: ${answer.body}`);
      const error = (JSON.parse(answer.body) as { error: { code: number; message: string } }).error;
      if (name === 'malformed JSON') assert.equal(error.code, -32700);
      served.push(`${name} -> ${answer.status} ${error.code} "${error.message}"`);
      const after = await connect(`after ${name}`);
      assert.equal(mcpText(await after.callTool({ name: 'lsp', arguments: REFERENCES })), expected, `a good call after ${name}`);
      await after.close();
    }
    measure(`MCP security answers: ${served.join('; ')}`);
  });

  test('@once cancellation mid-call (notifications/cancelled, and a closed connection) ends the engine call with LSP_CANCELLED', async () => {
    const hung = { operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 };
    const cancelledLines = () =>
      logText()
        .split('\n')
        .filter((l) => /\[debug\] goToDefinition basic\/fault\/sample\.lspfault:2:1 failed in \d+\.\dms: LSP_CANCELLED/.test(l)).length;
    const before = cancelledLines();
    const controller = new AbortController();
    const call = client.callTool({ name: 'lsp', arguments: hung }, undefined, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    const abortedAt = Date.now();
    controller.abort();
    await assert.rejects(call);
    await until(cancelledLines, (n) => n === before + 1, 'the engine logged the cancellation', 5000);
    const elapsed = Date.now() - abortedAt;
    measure(`MCP cancellation: the engine logged LSP_CANCELLED ${elapsed}ms after notifications/cancelled`);
    assert.ok(elapsed < 2000, `${elapsed}ms`);

    // The same call, its HTTP connection closed by the client mid-call.
    const { url, headers } = await endpoint();
    const session = await rawSession(url, headers);
    const req = http.request({
      host: '127.0.0.1',
      port: new URL(url).port,
      path: '/mcp',
      method: 'POST',
      headers: { ...session, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'lsp', arguments: hung } }));
    await new Promise((r) => setTimeout(r, 300));
    req.destroy();
    await until(cancelledLines, (n) => n === before + 2, 'the engine logged the second cancellation', 5000);
    assert.match(mcpText(await client.callTool({ name: 'lsp', arguments: { ...hung, line: 1 } })), /sample\.lspfault:1:1/);
  });

  test('@once a client that asked for progress gets it while the call waits; the budget still ends it', async () => {
    await setSetting('timeoutMs', 2500);
    const progress: string[] = [];
    const result = await client.callTool(
      { name: 'lsp', arguments: { operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 } },
      undefined,
      {
        onprogress: (p) => progress.push(String(p.message)),
      },
    );
    assert.equal(result.isError, true);
    assert.match(mcpText(result), /^LSP_TIMEOUT: tool call timed out after 2500ms/);
    assert.ok(progress.length >= 2, `progress: ${JSON.stringify(progress)}`);
    assert.equal(progress[0], "lsp: waiting for the language server's answer");
  });

  test('@once 100 concurrent calls all return their own correct text', async () => {
    const inputs: [string, object][] = [
      ['lsp', REFERENCES],
      ['lsp', { operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 }],
      ['lsp', { operation: 'goToDefinition', file_path: 'second/src/main.ts', line: 3, character: 22 }],
      ['lsp_symbols', SYMBOLS],
      ['lsp_symbols', { file_path: 'basic/src/shapes.ts' }],
      // Twenty walks at once: more than the ten prepares VS Code keeps (engine/hierarchySessions.ts).
      ['lsp_hierarchy', { ...HIERARCHY, depth: 3 }],
      ['lsp_hierarchy', { ...HIERARCHY, direction: 'outgoingCalls', line: 2 }],
    ];
    // Each question's first answer waits for the server to settle (files came and went in the tests before): asked at once.
    await Promise.all(inputs.map(([name, input]) => lmText(name, input)));
    const expected: string[] = [];
    for (const [name, input] of inputs) expected.push(await lmText(name, input));
    const clients = [client, await connect('second client')];
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        clients[i % 2]!.callTool({ name: inputs[i % inputs.length]![0], arguments: inputs[i % inputs.length]![1] as Record<string, unknown> }),
      ),
    );
    measure(`100 concurrent MCP calls over 2 sessions: ${Date.now() - started}ms in all`);
    results.forEach((r, i) => assert.equal(mcpText(r), expected[i % inputs.length], `call ${i}`));
    await clients[1]!.close();
  });

  test("the card shows an MCP call titled with the client's name", async () => {
    await vscode.commands.executeCommand('lspTool.showCard');
    const named = await connect('Terminal Agent');
    const input = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 7, character: 14 };
    await named.callTool({ name: 'lsp', arguments: input });
    await api().followAlongSettled();
    const [title] = await pageTexts('.card-title', { text: 'Terminal Agent: ', timeoutMs: 15_000 });
    assert.equal(title, 'Terminal Agent: References to UNIT');
    await expectCardCall('LSP findReferences basic/src/geometry.ts:7:14');
    await named.close();
  });

  test('under "ask", the person is asked in the editor naming the client and the file; Allow runs the call', async () => {
    await setSetting('outsideWorkspace', 'ask');
    await vscode.commands.executeCommand('notifications.clearAll');
    const outside = vscode.Uri.joinPath(folderUri('basic'), '..', 'outside', 'external.ts').fsPath;
    const input = { operation: 'hover', file_path: outside, line: 1, character: 14 };
    const asking = await connect('Asking Agent');
    const call = asking.callTool({ name: 'lsp', arguments: input });
    // The test window shows no toasts; the notification center lists the same notification, buttons included.
    await vscode.commands.executeCommand('notifications.showList');
    const [message] = await pageTexts('.notifications-center .notification-list-item-message', { text: 'Asking Agent', timeoutMs: 15_000 });
    assert.match(
      message ?? '',
      /^Asking Agent 9\.9\.9 \(over MCP\) wants the lsp tool to read .*outside\/external\.ts, which is outside every workspace folder\.$/,
    );
    await page('click', { selector: '.notifications-center .notification-list-item-buttons-container .monaco-button', text: 'Allow' });
    const result = await call;
    assert.notEqual(result.isError, true, mcpText(result));
    assert.match(mcpText(result), /const external: 42/);
    await asking.close();
  });

  test('under "ask", no answer within lspTool.timeoutMs means no: a coded error says so', async () => {
    await setSetting('outsideWorkspace', 'ask');
    await setSetting('timeoutMs', 1500);
    const outside = path.join(os.tmpdir(), `lsp-tool-mcp-${process.pid}.ts`);
    fs.writeFileSync(outside, 'export const unanswered = 1;\n');
    try {
      const started = Date.now();
      const result = await client.callTool({ name: 'lsp', arguments: { operation: 'hover', file_path: outside, line: 1, character: 14 } });
      const elapsed = Date.now() - started;
      assert.equal(result.isError, true);
      assert.match(mcpText(result), /^LSP_OUTSIDE_WORKSPACE_DENIED: .* declined or did not answer in time/);
      assert.ok(elapsed >= 1400 && elapsed < 5000, `${elapsed}ms`);
    } finally {
      fs.rmSync(outside, { force: true });
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });

  test('a terminal the test creates has LSP_TOOL_MCP_URL and LSP_TOOL_MCP_TOKEN; turned off, the endpoint is undefined and new terminals lack them', async () => {
    const { url, headers } = await endpoint();
    const seen = await terminalEnv();
    assert.deepEqual(seen, { url, token: headers.Authorization.slice('Bearer '.length) });

    await vscode.workspace.getConfiguration('lspTool').update('mcp.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      await until(
        async () => vscode.commands.executeCommand('lspTool.mcpEndpoint'),
        (e) => e === undefined,
        'the server to stop',
        10_000,
      );
      assert.deepEqual(await terminalEnv(), { url: '', token: '' });
      assert.equal((await raw(url, { body: '{}', headers }).catch((err: Error) => ({ status: 0, body: err.message }))).status, 0, 'nothing listens any more');
    } finally {
      await vscode.workspace.getConfiguration('lspTool').update('mcp.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    const again = await until(
      async () => vscode.commands.executeCommand<McpEndpoint | undefined>('lspTool.mcpEndpoint'),
      (e) => e !== undefined,
      'the server to start again',
      10_000,
    );
    assert.notEqual(again!.headers.Authorization, headers.Authorization, 'a new token');
    assert.deepEqual(await terminalEnv(), { url: again!.url, token: again!.headers.Authorization.slice('Bearer '.length) });
    client = await connect();
  });
});

/** What a new integrated terminal's shell sees of the two variables. */
async function terminalEnv(): Promise<{ url: string; token: string }> {
  const out = path.join(os.tmpdir(), `lsp-tool-terminal-${process.pid}-${Date.now()}.txt`);
  const terminal = vscode.window.createTerminal({ name: 'lsp-tool mcp test' });
  try {
    terminal.sendText(`printf '%s\\n%s\\n' "$LSP_TOOL_MCP_URL" "$LSP_TOOL_MCP_TOKEN" > '${out}.part' && mv '${out}.part' '${out}'`);
    await until(() => fs.existsSync(out), Boolean, `the terminal to write ${out}`, 20_000);
    const [url = '', token = ''] = fs.readFileSync(out, 'utf8').split('\n');
    return { url, token };
  } finally {
    terminal.dispose();
    fs.rmSync(out, { force: true });
  }
}

/** Opens a session by hand (initialize, then initialized) and returns the headers to use it. */
async function rawSession(url: string, headers: Record<string, string>): Promise<Record<string, string>> {
  const { port } = new URL(url);
  const post = (extra: Record<string, string>, body: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { ...headers, ...extra, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const init = await post(
    {},
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    }),
  );
  const session = { ...headers, 'mcp-session-id': String(init.headers['mcp-session-id']), 'mcp-protocol-version': '2025-11-25' };
  await post(session, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return session;
}
