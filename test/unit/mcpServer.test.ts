// The MCP server (src/mcp/server.ts) in plain Node with a fake tool host, driven by the SDK's own
// client and by raw HTTP for what a client would never send. The real-VS-Code twin is
// test/integration/mcp.test.ts.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CancellationLike } from '../../src/engine/budget';
import type { McpToolHost } from '../../src/mcp/host';
import { startMcpServer, type RunningMcpServer } from '../../src/mcp/server';
import { toolListing } from '../../src/mcp/listing';
import { lspTool } from '../../src/tools/lsp';
import { MANIFESTS, TOOL_APIS } from '../../src/tools/list';
import { LSP_MANIFEST } from '../../src/tools/lsp/manifest';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

interface FakeHost extends McpToolHost {
  running: number;
  most: number;
  cancelled: string[];
}

function fakeHost(): FakeHost {
  const host: FakeHost = {
    running: 0,
    most: 0,
    cancelled: [],
    tools: () => [{ name: 'echo', description: 'Echoes its input.', inputSchema: { type: 'object', properties: { say: { type: 'string' } } } }],
    async call(_name, input, caller, token?: CancellationLike) {
      const say = String((input as { say?: unknown }).say);
      host.running += 1;
      host.most = Math.max(host.most, host.running);
      try {
        if (say === 'bad') throw Object.assign(new Error('LSP_INVALID_ARGUMENT: say is bad'), { code: 'LSP_INVALID_ARGUMENT' });
        if (say === 'who') return { text: `${caller.transport} ${caller.label}` };
        if (say === 'ask') {
          const allowed = await caller.confirm({ title: 't', message: 'm', filePath: '/x.ts', uri: 'file:///x.ts', toolName: 'echo' });
          return { text: String(allowed) };
        }
        const ms = say.startsWith('hang') ? 60_000 : say.startsWith('slow') ? 50 : 0;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          token?.onCancellationRequested(() => {
            clearTimeout(timer);
            host.cancelled.push(say);
            reject(Object.assign(new Error('LSP_CANCELLED: the request was cancelled.'), { code: 'LSP_CANCELLED' }));
          });
        });
        return { text: `you said ${say}` };
      } finally {
        host.running -= 1;
      }
    },
  };
  return host;
}

async function connect(server: RunningMcpServer, name = 'test-client'): Promise<Client> {
  const client = new Client({ name, version: '1.2.3' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content as { type: string; text?: string }[];
  assert.equal(content.length, 1);
  assert.equal(content[0]!.type, 'text');
  return content[0]!.text!;
}

/** One HTTP request as it is written, Host header included (fetch would not let us set it). */
function raw(
  server: RunningMcpServer,
  options: { headers?: Record<string, string>; body?: string | Buffer; method?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/mcp',
        method: options.method ?? 'POST',
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

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

describe('MCP server (fake tool host)', () => {
  let server: RunningMcpServer;
  let host: FakeHost;
  let asked: string[];
  beforeEach(async () => {
    host = fakeHost();
    asked = [];
    server = await startMcpServer({
      host,
      ask: (request) => {
        asked.push(`${request.label}: ${request.toolName} ${request.uri}`);
        return Promise.resolve(false);
      },
      log: silent,
      version: '0.0.0-test',
      maxSessions: 3,
      maxInFlight: 8,
      maxBodyBytes: 64 * 1024,
    });
  });
  afterEach(async () => server.close());

  it('listens on 127.0.0.1 with a token of 256 random bits', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.equal(Buffer.from(server.token, 'base64url').length, 32);
  });

  it('lists the host tools and answers a call with one text item; a coded error is an isError result', async () => {
    const client = await connect(server);
    assert.deepEqual((await client.listTools()).tools, fakeHost().tools());
    assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: 'hi' } })), 'you said hi');
    const failed = await client.callTool({ name: 'echo', arguments: { say: 'bad' } });
    assert.equal(failed.isError, true);
    assert.equal(textOf(failed), 'LSP_INVALID_ARGUMENT: say is bad');
    // The call path's one Caller shape: an 'mcp' caller labelled (for the card) by the client's name.
    assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: 'who' } })), 'mcp test-client');
    // Its confirmation asks the person, naming the client with its version.
    assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: 'ask' } })), 'false');
    assert.deepEqual(asked, ['test-client 1.2.3: echo file:///x.ts']);
    await client.close();
  });

  it("lists each tool's title and read-only annotations from its manifest, and answers with text alone (no structuredContent)", async () => {
    const listing = toolListing(MANIFESTS, TOOL_APIS);
    const real = await startMcpServer({ host: { ...fakeHost(), tools: () => listing }, ask: () => Promise.resolve(false), log: silent, version: '0' });
    try {
      const client = await connect(real);
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        MANIFESTS.map((m) => m.name),
      );
      for (const [i, tool] of tools.entries()) {
        assert.equal(tool.title, MANIFESTS[i]!.displayName, `${tool.name}: titled`);
        // The tools that read: hints an agent can run them by without asking. lsp_rename writes: it asks.
        const reads = tool.name !== 'lsp_rename';
        assert.deepEqual(
          tool.annotations,
          { title: MANIFESTS[i]!.displayName, readOnlyHint: reads, destructiveHint: false, idempotentHint: reads, openWorldHint: false },
          `${tool.name}: ${reads ? 'read-only hints' : 'writing hints'}`,
        );
        assert.equal(tool.outputSchema, undefined, `${tool.name}: no outputSchema, so no client expects structuredContent`);
      }
      const result = await client.callTool({ name: 'lsp', arguments: { say: 'hi' } });
      assert.equal(textOf(result), 'you said hi');
      assert.equal(result.structuredContent, undefined, 'the text is the whole answer (docs/contract.md)');
      await client.close();
    } finally {
      await real.close();
    }
  });

  it('a tool the host knows but does not list now reaches the host, whose coded refusal is the answer; an unknown one is a protocol error', async () => {
    const refusing = {
      ...fakeHost(),
      knows: (name: string) => name === 'echo' || name === 'writer',
      call: () =>
        Promise.reject(Object.assign(new Error('LSP_WRITING_DISABLED: writer changes files, and writing is off here'), { code: 'LSP_WRITING_DISABLED' })),
    };
    const real = await startMcpServer({ host: refusing, ask: () => Promise.resolve(false), log: silent, version: '0' });
    try {
      const client = await connect(real);
      assert.deepEqual(
        (await client.listTools()).tools.map((t) => t.name),
        ['echo'],
      );
      const refused = await client.callTool({ name: 'writer', arguments: {} });
      assert.equal(refused.isError, true);
      assert.equal(textOf(refused), 'LSP_WRITING_DISABLED: writer changes files, and writing is off here');
      await assert.rejects(client.callTool({ name: 'nope', arguments: {} }), /Unknown tool: nope/);
      await client.close();
    } finally {
      await real.close();
    }
  });

  it('lists a tool whose definition writes with the hints of a writing tool, not read-only ones', async () => {
    // A fake writing tool: lsp's definition and manifest under another name, with writes: true.
    const writing = { ...lspTool, api: { ...lspTool.api, name: 'fake_write', writes: true } };
    const manifest = { ...LSP_MANIFEST, name: 'fake_write', displayName: 'Fake write' };
    const reading = { ...lspTool, api: { ...lspTool.api, name: 'fake_read', writes: false } };
    const listing = toolListing([manifest, { ...LSP_MANIFEST, name: 'fake_read', displayName: 'Fake read' }], [writing.api, reading.api]);
    const real = await startMcpServer({ host: { ...fakeHost(), tools: () => listing }, ask: () => Promise.resolve(false), log: silent, version: '0' });
    try {
      const client = await connect(real);
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => [t.name, t.annotations]),
        [
          ['fake_write', { title: 'Fake write', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
          ['fake_read', { title: 'Fake read', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
        ],
      );
      await client.close();
    } finally {
      await real.close();
    }
  });

  it('401 without the token or with a wrong one, 403 for a foreign Host or Origin, 413 past the bound, -32700 for bad JSON; then serves', async () => {
    const auth = { Authorization: `Bearer ${server.token}` };
    const cases: [string, Parameters<typeof raw>[1], number, RegExp][] = [
      ['no token', { body: initialize }, 401, /Unauthorized/],
      ['wrong token', { body: initialize, headers: { Authorization: `Bearer ${'x'.repeat(server.token.length)}` } }, 401, /Unauthorized/],
      ['short token', { body: initialize, headers: { Authorization: 'Bearer x' } }, 401, /Unauthorized/],
      ['foreign Host', { body: initialize, headers: { ...auth, Host: `evil.example:${server.port}` } }, 403, /Host/],
      ['Host on another port', { body: initialize, headers: { ...auth, Host: `127.0.0.1:${server.port + 1}` } }, 403, /Host/],
      ['foreign Origin', { body: initialize, headers: { ...auth, Origin: 'https://evil.example' } }, 403, /Origin/],
      ['huge body', { body: Buffer.alloc(200 * 1024, 0x20), headers: auth }, 413, /too large/],
      ['malformed JSON', { body: '{"jsonrpc":', headers: auth }, 400, /-32700/],
    ];
    for (const [name, request, status, message] of cases) {
      const answer = await raw(server, request);
      assert.equal(answer.status, status, `${name}: ${answer.body}`);
      assert.match(answer.body, message, name);
      assert.ok(!answer.body.includes(server.token), `${name}: the token is not echoed`);
      const client = await connect(server);
      assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: name } })), `you said ${name}`, `a good call after ${name}`);
      await client.close();
    }
    assert.equal(
      (await raw(server, { body: initialize, headers: { ...auth, Host: `localhost:${server.port}`, Origin: 'http://localhost:5173' } })).status,
      200,
      'localhost and a loopback Origin are fine',
    );
  });

  describe('MCP 2026-07-28 (stateless) on the same endpoint', () => {
    const V = '2026-07-28';
    const meta = {
      'io.modelcontextprotocol/protocolVersion': V,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'new-client', version: '2.0' },
    };
    const request = (method: string, params: object = {}): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } });
    const headers = (method: string, name?: string): Record<string, string> => ({
      Authorization: `Bearer ${server.token}`,
      'MCP-Protocol-Version': V,
      'Mcp-Method': method,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
    });
    const result = (body: string): Record<string, unknown> => (JSON.parse(body) as { result: Record<string, unknown> }).result;

    it('answers server/discover, tools/list and tools/call without a session, each result complete; the 2025 lifecycle still works beside it', async () => {
      const discover = await raw(server, { body: request('server/discover'), headers: headers('server/discover') });
      assert.equal(discover.status, 200, discover.body);
      assert.deepEqual(result(discover.body), {
        resultType: 'complete',
        supportedVersions: [V],
        capabilities: { tools: {} },
        serverInfo: { name: 'lsp-tool', version: '0.0.0-test' },
      });
      const list = await raw(server, { body: request('tools/list'), headers: headers('tools/list') });
      assert.deepEqual(result(list.body), { resultType: 'complete', tools: host.tools() });
      const call = await raw(server, { body: request('tools/call', { name: 'echo', arguments: { say: 'who' } }), headers: headers('tools/call', 'echo') });
      assert.deepEqual(
        result(call.body),
        { resultType: 'complete', content: [{ type: 'text', text: 'mcp new-client' }] },
        'the caller named by _meta clientInfo',
      );
      const bad = await raw(server, { body: request('tools/call', { name: 'echo', arguments: { say: 'bad' } }), headers: headers('tools/call', 'echo') });
      assert.deepEqual(result(bad.body), { resultType: 'complete', content: [{ type: 'text', text: 'LSP_INVALID_ARGUMENT: say is bad' }], isError: true });
      const unknown = await raw(server, { body: request('tools/call', { name: 'nope' }), headers: headers('tools/call', 'nope') });
      assert.deepEqual((JSON.parse(unknown.body) as { error: unknown }).error, { code: -32602, message: 'MCP error -32602: Unknown tool: nope' });
      const method = await raw(server, { body: request('resources/list'), headers: headers('resources/list') });
      assert.equal((JSON.parse(method.body) as { error: { code: number } }).error.code, -32601);
      assert.equal(server.sessions, 0, 'no session was opened');
      const client = await connect(server);
      assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: 'old' } })), 'you said old', 'a 2025-11-25 client beside it');
      await client.close();
    });

    it('the same security: token, Host, Origin, body bound; and headers that disagree with the body are a 400', async () => {
      const body = request('tools/list');
      const good = headers('tools/list');
      const cases: [string, Parameters<typeof raw>[1], number, RegExp][] = [
        ['no token', { body, headers: { ...good, Authorization: '' } }, 401, /Unauthorized/],
        ['wrong token', { body, headers: { ...good, Authorization: `Bearer ${'x'.repeat(server.token.length)}` } }, 401, /Unauthorized/],
        ['foreign Host', { body, headers: { ...good, Host: `evil.example:${server.port}` } }, 403, /Host/],
        ['foreign Origin', { body, headers: { ...good, Origin: 'https://evil.example' } }, 403, /Origin/],
        ['huge body', { body: Buffer.alloc(200 * 1024, 0x20), headers: good }, 413, /too large/],
        ['malformed JSON', { body: '{"jsonrpc":', headers: good }, 400, /-32700/],
        ['Mcp-Method not the method', { body, headers: headers('tools/call') }, 400, /Mcp-Method/],
        ['Mcp-Name not the tool', { body: request('tools/call', { name: 'echo', arguments: {} }), headers: headers('tools/call', 'other') }, 400, /Mcp-Name/],
        ['no version in _meta', { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), headers: good }, 400, /protocolVersion/],
        ['a batch', { body: `[${body}]`, headers: good }, 400, /one JSON-RPC message/],
        ['GET', { method: 'GET', headers: good }, 405, /POST only/],
      ];
      for (const [name, req, status, message] of cases) {
        const answer = await raw(server, req);
        assert.equal(answer.status, status, `${name}: ${answer.body}`);
        assert.match(answer.body, message, name);
        assert.ok(!answer.body.includes(server.token), `${name}: the token is not echoed`);
        assert.equal((await raw(server, { body, headers: good })).status, 200, `a good request after ${name}`);
      }
      assert.equal(
        (
          await raw(server, {
            body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }),
            headers: headers('notifications/cancelled'),
          })
        ).status,
        202,
      );
    });

    it('a closed connection cancels its call; calls share the one bound on calls in flight', async () => {
      const req = http.request({
        host: '127.0.0.1',
        port: server.port,
        path: '/mcp',
        method: 'POST',
        headers: { ...headers('tools/call', 'echo'), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      });
      req.on('error', () => undefined);
      req.end(request('tools/call', { name: 'echo', arguments: { say: 'hang-stateless' } }));
      await new Promise((r) => setTimeout(r, 100));
      req.destroy();
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(host.cancelled, ['hang-stateless']);
      const calls = Array.from({ length: 20 }, (_, i) =>
        raw(server, { body: request('tools/call', { name: 'echo', arguments: { say: `slow${i}` } }), headers: headers('tools/call', 'echo') }),
      );
      const answers = await Promise.all(calls);
      answers.forEach((a, i) => assert.deepEqual(result(a.body).content, [{ type: 'text', text: `you said slow${i}` }]));
      assert.ok(host.most <= 8, `at most maxInFlight (8) at once: ${host.most}`);
    });
  });

  it('notifications/cancelled and a closed connection each cancel the call', async () => {
    const client = await connect(server);
    const controller = new AbortController();
    const call = client.callTool({ name: 'echo', arguments: { say: 'hang' } }, undefined, { signal: controller.signal });
    await until(() => host.running === 1);
    controller.abort();
    await assert.rejects(call);
    await until(() => host.cancelled.includes('hang'));
    await client.close();

    // A raw POST whose socket closes while the call runs.
    const init = await raw(server, { body: initialize, headers: { Authorization: `Bearer ${server.token}` } });
    assert.equal(init.status, 200);
    const session = await sessionOf(server);
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      path: '/mcp',
      method: 'POST',
      headers: { ...session, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { say: 'hang-closed' } } }));
    await until(() => host.running === 1);
    req.destroy();
    await until(() => host.cancelled.includes('hang-closed'));
  });

  it('runs at most maxInFlight calls at once; the rest wait their turn and all answer correctly', async () => {
    const client = await connect(server);
    const results = await Promise.all(Array.from({ length: 120 }, (_, i) => client.callTool({ name: 'echo', arguments: { say: `slow${i}` } })));
    results.forEach((r, i) => assert.equal(textOf(r), `you said slow${i}`));
    assert.equal(host.most, 8);
    await client.close();
  });

  it('bounds the sessions: the least recently used idle one is closed for a new one', async () => {
    const clients = [];
    for (let i = 0; i < 5; i++) clients.push(await connect(server, `c${i}`));
    assert.equal(server.sessions, 3);
    assert.equal(textOf(await clients[4]!.callTool({ name: 'echo', arguments: { say: 'newest' } })), 'you said newest');
    await assert.rejects(clients[0]!.callTool({ name: 'echo', arguments: { say: 'evicted' } }));
    for (const c of clients) await c.close().catch(() => undefined);
  });

  it('sends progress while a call runs, when the client asked for it', async () => {
    await server.close();
    server = await startMcpServer({ host, ask: () => Promise.resolve(false), log: silent, version: '0', progressIntervalMs: 10 });
    const client = await connect(server);
    const progress: string[] = [];
    const result = await client.callTool({ name: 'echo', arguments: { say: 'slow' } }, undefined, { onprogress: (p) => progress.push(String(p.message)) });
    assert.equal(textOf(result), 'you said slow');
    assert.ok(progress.length >= 1, 'at least one progress notification');
    assert.match(progress[0]!, /^echo: /);
    await client.close();
  });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Opens a raw session and returns its headers (token and session id). */
async function sessionOf(server: RunningMcpServer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/mcp',
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      },
      (res) => {
        const id = res.headers['mcp-session-id'];
        res.resume();
        res.on('end', () => {
          const headers = { Authorization: `Bearer ${server.token}`, 'mcp-session-id': String(id), 'mcp-protocol-version': '2025-11-25' };
          // The initialized notification completes the handshake.
          const note = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              path: '/mcp',
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
            },
            (r) => {
              r.resume();
              r.on('end', () => resolve(headers));
            },
          );
          note.on('error', reject);
          note.end(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        });
      },
    );
    req.on('error', reject);
    req.end(initialize);
  });
}

describe('the bundled MCP server (dist/mcp.js, as the extension loads it)', () => {
  it("lists the tools and answers a call, with zod's JSON Schema conversion left out of the bundle", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle the extension requires on the server's first start
    const bundle = require('../../../dist/mcp.js') as { startMcpServer: typeof startMcpServer };
    const server = await bundle.startMcpServer({ host: fakeHost(), ask: () => Promise.resolve(false), log: silent, version: '0' });
    try {
      const client = await connect(server);
      assert.deepEqual((await client.listTools()).tools, fakeHost().tools());
      assert.equal(textOf(await client.callTool({ name: 'echo', arguments: { say: 'hi' } })), 'you said hi');
      await client.close();
    } finally {
      await server.close();
    }
  });
});
