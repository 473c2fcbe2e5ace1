// The MCP server (Streamable HTTP, the SDK's own protocol code) over the extension's tools, secure
// by default: loopback only, a random port, a bearer token per window compared in constant time,
// Host and Origin checked against DNS rebinding, the body, sessions and concurrent calls bounded.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
// The Fetch-API transport behind a small Node bridge (toWebRequest, sendWebResponse): the SDK's
// Node transport wraps the same one in @hono/node-server, ~20 KB of dist/mcp.js.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  isInitializeRequest,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpAsk, McpCancellation, McpConfirmRequest, McpLog, McpToolHost } from './host';

export const MCP_PATH = '/mcp';

export interface McpServerOptions {
  host: McpToolHost;
  ask: McpAsk;
  log: McpLog;
  /** The server's name and version in `initialize`. */
  version: string;
  maxBodyBytes?: number;
  maxSessions?: number;
  maxInFlight?: number;
  /** How often a running call reports progress, when its client asked for progress. */
  progressIntervalMs?: number;
}

export interface RunningMcpServer {
  readonly url: string;
  readonly token: string;
  readonly port: number;
  /** Sessions open now (for tests and the log). */
  readonly sessions: number;
  close(): Promise<void>;
}

interface Session {
  id: string;
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
  /** Requests being answered (POSTs open): a busy session is never evicted. */
  open: number;
  /** Per JSON-RPC request id: aborted when its HTTP connection closes before the answer. */
  connections: Map<RequestId, AbortController>;
}

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/** Starts the server on 127.0.0.1 and a port the system picks. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningMcpServer> {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const maxSessions = options.maxSessions ?? 32;
  const slots = new Slots(options.maxInFlight ?? 128);
  const progressIntervalMs = options.progressIntervalMs ?? 1000;
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const sessions = new Map<string, Session>();
  const { log } = options;
  let port = 0;

  const authorized = (header: string | undefined): boolean => {
    const given = Buffer.from(header ?? '');
    // Equal lengths for timingSafeEqual; a wrong length still costs one comparison.
    return timingSafeEqual(given.length === expected.length ? given : expected, expected) && given.length === expected.length;
  };

  const newSession = (): Session => {
    const server = new Server({ name: 'lsp-tool', version: options.version }, { capabilities: { tools: {} } });
    const session: Session = {
      id: '',
      server,
      lastUsed: Date.now(),
      open: 0,
      connections: new Map(),
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          session.id = id;
          sessions.set(id, session);
        },
      }),
    };
    session.transport.onclose = () => {
      if (session.id) sessions.delete(session.id);
      for (const controller of session.connections.values()) controller.abort();
    };
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: options.host.tools().map((t) => ({ ...t, inputSchema: t.inputSchema as { type: 'object' } })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
      const { name } = request.params;
      if (!options.host.tools().some((t) => t.name === name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      const client = server.getClientVersion();
      const clientName = client?.name.trim() || 'MCP client';
      const label = client ? `${clientName} ${client.version}`.trim() : clientName;
      const connection = session.connections.get(extra.requestId);
      const signal = connection ? AbortSignal.any([extra.signal, connection.signal]) : extra.signal;
      const progressToken = request.params._meta?.progressToken;
      let progress = 0;
      const report = (message: string): void => {
        if (progressToken === undefined || signal.aborted) return;
        progress += 1;
        void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(() => undefined);
      };
      const ticker =
        progressToken === undefined ? undefined : setInterval(() => report(`${name}: waiting for the language server's answer`), progressIntervalMs);
      try {
        const release = await slots.acquire(signal, () => report(`${name}: waiting for a free slot`));
        try {
          const token = cancellationOf(signal);
          const caller = {
            transport: 'mcp' as const,
            label,
            client: clientName,
            confirm: (req: McpConfirmRequest) => options.ask({ ...req, client: label }, token),
          };
          const { text } = await options.host.call(name, request.params.arguments ?? {}, caller, token, report);
          return { content: [{ type: 'text', text }] };
        } finally {
          release();
        }
      } catch (err) {
        // A coded error (and any other failure of the call) is the tool's answer, never a protocol error.
        return { content: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }], isError: true };
      } finally {
        if (ticker) clearInterval(ticker);
        session.connections.delete(extra.requestId);
      }
    });
    return session;
  };

  /** Room for one more session: the least recently used idle one goes; false when all are busy. */
  const makeRoom = async (): Promise<boolean> => {
    if (sessions.size < maxSessions) return true;
    const idle = [...sessions.values()].filter((s) => s.open === 0).sort((a, b) => a.lastUsed - b.lastUsed);
    const oldest = idle[0];
    if (!oldest) return false;
    log.info(`MCP: session limit (${maxSessions}) reached, closing the least recently used idle session`);
    sessions.delete(oldest.id);
    await oldest.server.close().catch(() => undefined);
    return true;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const host = req.headers.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return reject(res, 403, `Forbidden: Host must be 127.0.0.1:${port} or localhost:${port}`);
    const origin = req.headers.origin;
    if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin)) return reject(res, 403, 'Forbidden: Origin is not a loopback origin');
    if (!authorized(req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return reject(res, 401, 'Unauthorized: send Authorization: Bearer <LSP_TOOL_MCP_TOKEN>');
    }
    if (url.pathname !== MCP_PATH) return reject(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);

    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readBody(req, maxBodyBytes);
      if (read === TOO_LARGE) {
        res.setHeader('Connection', 'close');
        return reject(res, 413, `Payload too large: a request body is at most ${maxBodyBytes} bytes`);
      }
      try {
        body = JSON.parse(read);
      } catch {
        return reject(res, 400, 'Parse error: the body is not JSON', ErrorCode.ParseError);
      }
    }

    let session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) return reject(res, 404, 'Session not found: initialize a new session', -32001);
    if (!session) {
      const initialize = req.method === 'POST' && (Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body));
      if (!initialize) return reject(res, 400, 'Bad Request: no valid session id; start with an initialize request');
      if (!(await makeRoom())) return reject(res, 503, `Service unavailable: all ${maxSessions} sessions are busy; try again when one has finished`);
      session = newSession();
      await session.server.connect(session.transport);
    }

    const current = session;
    current.lastUsed = Date.now();
    if (req.method === 'POST') {
      // Only POSTs make a session busy: a client's standing GET stream does not keep it from eviction.
      current.open += 1;
      // A call whose connection closes before its answer is cancelled (the client gave up on it).
      const ids = requestIds(body);
      for (const id of ids) current.connections.set(id, new AbortController());
      res.on('close', () => {
        current.open -= 1;
        current.lastUsed = Date.now();
        if (!res.writableFinished) for (const id of ids) current.connections.get(id)?.abort();
      });
    }
    await sendWebResponse(await current.transport.handleRequest(toWebRequest(req), { parsedBody: body }), res);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error(`MCP: request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) reject(res, 500, 'Internal error', ErrorCode.InternalError);
      else res.end();
    });
  });
  // A standing GET stream may outlive Node's 300 s request timeout (calls have the tools' own
  // budget); a client still has to send its headers within 30 s.
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}${MCP_PATH}`;

  return {
    url,
    token,
    port,
    get sessions() {
      return sessions.size;
    },
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.server.close().catch(() => undefined)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON-RPC error answer (id null: it answers no request the server has read). */
function reject(res: http.ServerResponse, status: number, message: string, code: number = ErrorCode.ConnectionClosed): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * The body as text, or TOO_LARGE as soon as it passes the bound. The rest is read and dropped so
 * the client can read the 413, up to a hard limit past which the connection is cut.
 */
/** What readBody answers for a body past the bound. */
const TOO_LARGE = Symbol('tooLarge');

function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        chunks = [];
        resolve(TOO_LARGE);
        if (size > 16 * maxBytes) req.destroy();
      }
    });
    req.on('end', () => resolve(size > maxBytes ? TOO_LARGE : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Node's request as a Fetch Request: method, URL and headers (the body was read already and goes in as parsedBody). */
function toWebRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, { method: req.method, headers });
}

/** Writes a Fetch Response to Node's response, streaming its body (SSE) chunk by chunk; a closed connection cancels the stream. */
async function sendWebResponse(response: Response, res: http.ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // Headers go out now: an SSE client waits for them before the first event.
  res.flushHeaders();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The stream was cancelled: the client went away.
  }
  res.end();
}

function requestIds(body: unknown): RequestId[] {
  const messages: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.flatMap((m) =>
    typeof m === 'object' && m !== null && 'method' in m && 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number') ? [m.id] : [],
  );
}

function cancellationOf(signal: AbortSignal): McpCancellation {
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested(listener) {
      const once = (): void => listener();
      signal.addEventListener('abort', once, { once: true });
      return { dispose: () => signal.removeEventListener('abort', once) };
    },
  };
}

/** At most `size` calls run at once; the rest wait their turn, in order, unless cancelled first. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async acquire(signal: AbortSignal, onWait: () => void): Promise<() => void> {
    if (this.running >= this.size) {
      onWait();
      await new Promise<void>((resolve, reject) => {
        const turn = (): void => {
          signal.removeEventListener('abort', abort);
          resolve();
        };
        const abort = (): void => {
          const at = this.waiting.indexOf(turn);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(Object.assign(new Error('LSP_CANCELLED: the request was cancelled. Nothing was queried further.'), { code: 'LSP_CANCELLED' }));
        };
        signal.addEventListener('abort', abort, { once: true });
        this.waiting.push(turn);
      });
    } else this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.running -= 1;
    };
  }
}
