// MCP 2026-07-28, the stateless revision, beside the 2025 lifecycle on the same endpoint and behind
// the same checks (server.ts): no initialize and no session; every request is one POST naming its
// version in the MCP-Protocol-Version header and in _meta, its method in Mcp-Method (and a tool
// call's tool in Mcp-Name), answered with one JSON body. A client that opens with initialize (Codex)
// gets the 2025 lifecycle; one that sends server/discover (Copilot CLI) gets this.
import type * as http from 'node:http';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { sendError } from './http';
import { callTool, type CallDeps } from './toolCalls';

export const STATELESS_VERSION = '2026-07-28';
const META = 'io.modelcontextprotocol/';

/** Whether a request speaks the stateless revision: its MCP-Protocol-Version header says so, and it names no session. */
export function isStateless(req: http.IncomingMessage): boolean {
  return req.headers['mcp-protocol-version'] === STATELESS_VERSION && req.headers['mcp-session-id'] === undefined;
}

interface Message {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; arguments?: unknown; _meta?: Record<string, unknown> };
}

/** The headers' agreement with the body, as 2026-07-28 requires; the mismatch, or undefined. */
function mismatch(req: http.IncomingMessage, message: Message): string | undefined {
  if (req.headers['mcp-method'] !== message.method) return 'the Mcp-Method header does not match the method';
  if (message.method === 'tools/call' && req.headers['mcp-name'] !== message.params?.name) return 'the Mcp-Name header does not match the tool';
  const version = message.params?._meta?.[`${META}protocolVersion`];
  if (message.id !== undefined && version !== STATELESS_VERSION) return `_meta ${META}protocolVersion must be ${STATELESS_VERSION}`;
  return undefined;
}

/** Answers one stateless request (the body is parsed JSON). */
export async function answerStateless(deps: CallDeps & { version: string }, req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, `Method not allowed: MCP ${STATELESS_VERSION} takes POST only`);
  const message = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Message;
  if (message.jsonrpc !== '2.0' || typeof message.method !== 'string')
    return sendError(res, 400, 'Invalid request: one JSON-RPC message per POST', ErrorCode.InvalidRequest);
  const wrong = mismatch(req, message);
  if (wrong) return sendError(res, 400, `Bad Request: ${wrong}`, ErrorCode.InvalidRequest);
  const { id } = message;
  // A notification (notifications/cancelled among them: a closed connection cancels here) needs no answer.
  if (id === undefined) {
    res.writeHead(202).end();
    return;
  }
  const send = (payload: object): void => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
  };
  try {
    send({ result: { resultType: 'complete', ...(await resultOf(deps, message, res)) } });
  } catch (err) {
    const error = err instanceof McpError ? { code: err.code, message: err.message } : { code: ErrorCode.InternalError, message: 'Internal error' };
    send({ error });
  }
}

async function resultOf(deps: CallDeps & { version: string }, message: Message, res: http.ServerResponse): Promise<object> {
  switch (message.method) {
    case 'server/discover':
      return {
        supportedVersions: [STATELESS_VERSION],
        capabilities: { tools: {} },
        serverInfo: { name: 'lsp-tool', version: deps.version },
      };
    case 'tools/list':
      return { tools: deps.host.tools() };
    case 'tools/call': {
      const params = message.params ?? {};
      if (typeof params.name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'tools/call needs a tool name');
      const info = params._meta?.[`${META}clientInfo`] as { name?: unknown; version?: unknown } | undefined;
      const client = typeof info?.name === 'string' ? { name: info.name, version: typeof info.version === 'string' ? info.version : '' } : undefined;
      // The client gave up on the call when its connection closes before the answer.
      const aborted = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
      const args = typeof params.arguments === 'object' && params.arguments !== null ? (params.arguments as Record<string, unknown>) : {};
      return callTool(deps, { name: params.name, arguments: args }, client, aborted.signal);
    }
    default:
      throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${String(message.method)}`);
  }
}
