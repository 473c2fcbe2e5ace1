// The MCP server (Streamable HTTP, the SDK's own protocol code) over the extension's tools, secure
// by default: loopback only, a random port, a bearer token per window compared in constant time,
// Host and Origin checked against DNS rebinding, the body, sessions and concurrent calls bounded.
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, isInitializeRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { guard } from './guard';
import type { McpAsk, McpLog, McpToolHost } from './host';
import { readBody, sendError, sendWebResponse, toWebRequest, TOO_LARGE } from './http';
import { Sessions, type Session } from './sessions';
import { Slots } from './slots';
import { answerStateless, isStateless } from './stateless';
import type { CallDeps } from './toolCalls';

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
  /** The bearer token every request must carry. */
  readonly token: string;
  readonly port: number;
  /** Sessions open now (for tests and the log). */
  readonly sessions: number;
  close(): Promise<void>;
}

/** What the request handler needs: the limits, the sessions, the check, and the port once listening. */
interface Endpoint {
  maxBodyBytes: number;
  maxSessions: number;
  sessions: Sessions;
  /** What a stateless (2026-07-28) request needs: the same host, slots and asking as a session's. */
  calls: CallDeps & { version: string };
  check: ReturnType<typeof guard>;
  port: () => number;
}

/** Starts the server on 127.0.0.1 and a port the system picks. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningMcpServer> {
  const bearerToken = randomBytes(32).toString('base64url');
  const maxSessions = options.maxSessions ?? 32;
  const tools = { host: options.host, ask: options.ask, slots: new Slots(options.maxInFlight ?? 128), progressIntervalMs: options.progressIntervalMs ?? 1000 };
  const sessions = new Sessions(maxSessions, options.version, tools, options.log);
  let port = 0;
  const endpoint: Endpoint = {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxSessions,
    sessions,
    calls: { ...tools, version: options.version },
    check: guard(bearerToken),
    port: () => port,
  };

  const server = http.createServer((req, res) => {
    handle(endpoint, req, res).catch((err: unknown) => {
      options.log.error(`MCP: request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) sendError(res, 500, 'Internal error', ErrorCode.InternalError);
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

  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    token: bearerToken,
    port,
    get sessions() {
      return sessions.size;
    },
    async close() {
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One HTTP request: refused, or read and handed to its session's transport. */
async function handle(endpoint: Endpoint, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const refusal = endpoint.check(req, endpoint.port());
  if (refusal) {
    if (refusal.header) res.setHeader(...refusal.header);
    return sendError(res, refusal.status, refusal.message);
  }
  if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH) return sendError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);

  let body: unknown;
  if (req.method === 'POST') {
    const read = await readBody(req, endpoint.maxBodyBytes);
    if (read === TOO_LARGE) {
      res.setHeader('Connection', 'close');
      return sendError(res, 413, `Payload too large: a request body is at most ${endpoint.maxBodyBytes} bytes`);
    }
    try {
      body = JSON.parse(read);
    } catch {
      return sendError(res, 400, 'Parse error: the body is not JSON', ErrorCode.ParseError);
    }
  }

  if (isStateless(req)) return answerStateless(endpoint.calls, req, res, body);
  const session = await sessionFor(endpoint, req, res, body);
  if (!session) return undefined;
  session.lastUsed = Date.now();
  if (req.method === 'POST') track(session, res, body);
  await sendWebResponse(await session.transport.handleRequest(toWebRequest(req), { parsedBody: body }), res);
}

/** The request's session, or a new one for an initialize request; undefined once an error was sent. */
async function sessionFor(endpoint: Endpoint, req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<Session | undefined> {
  const sessionHeader = req.headers['mcp-session-id'];
  const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
  const session = sessionId === undefined ? undefined : endpoint.sessions.get(sessionId);
  if (sessionId !== undefined && !session) {
    sendError(res, 404, 'Session not found: initialize a new session', -32001);
    return undefined;
  }
  if (session) return session;
  const initialize = req.method === 'POST' && (Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body));
  if (!initialize) {
    sendError(res, 400, 'Bad Request: no valid session id; start with an initialize request');
    return undefined;
  }
  const opened = await endpoint.sessions.open();
  if (!opened) sendError(res, 503, `Service unavailable: all ${endpoint.maxSessions} sessions are busy; try again when one has finished`);
  return opened;
}

/**
 * Only POSTs make a session busy: a client's standing GET stream does not keep it from eviction.
 * A call whose connection closes before its answer is cancelled (the client gave up on it).
 */
function track(session: Session, res: http.ServerResponse, body: unknown): void {
  session.open += 1;
  const ids = requestIds(body);
  for (const id of ids) session.connections.set(id, new AbortController());
  res.on('close', () => {
    session.open -= 1;
    session.lastUsed = Date.now();
    if (!res.writableFinished) for (const id of ids) session.connections.get(id)?.abort();
  });
}

function requestIds(body: unknown): RequestId[] {
  const messages: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.flatMap((m) =>
    typeof m === 'object' && m !== null && 'method' in m && 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number') ? [m.id] : [],
  );
}
