// The MCP sessions of one server: each an SDK Server on its own Streamable HTTP transport, bounded
// in number (the least recently used idle one gives way), with the HTTP connection of each request
// it is answering.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
// The Fetch-API transport behind a small Node bridge (toWebRequest, sendWebResponse): the SDK's
// Node transport wraps the same one in @hono/node-server, ~20 KB of dist/mcp.js.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { McpLog } from './host';
import { serveTools, type ToolCallDeps } from './toolCalls';

export interface Session {
  id: string;
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
  /** Requests being answered (POSTs open): a busy session is never evicted. */
  open: number;
  /** Per JSON-RPC request id: aborted when its HTTP connection closes before the answer. */
  connections: Map<RequestId, AbortController>;
}

export class Sessions {
  private readonly byId = new Map<string, Session>();

  constructor(
    private readonly maxSessions: number,
    private readonly version: string,
    private readonly tools: Omit<ToolCallDeps, 'connectionOf' | 'done'>,
    private readonly log: McpLog,
  ) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  /** A new session, connected, once there is room for it; undefined when every session is busy. */
  async open(): Promise<Session | undefined> {
    if (!(await this.makeRoom())) return undefined;
    const server = new Server({ name: 'lsp-tool', version: this.version }, { capabilities: { tools: {} } });
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
          this.byId.set(id, session);
        },
      }),
    };
    session.transport.onclose = () => {
      if (session.id) this.byId.delete(session.id);
      for (const controller of session.connections.values()) controller.abort();
    };
    serveTools(server, {
      ...this.tools,
      connectionOf: (id) => session.connections.get(id),
      done: (id) => session.connections.delete(id),
    });
    await server.connect(session.transport);
    return session;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.byId.values()].map((s) => s.server.close().catch(() => undefined)));
    this.byId.clear();
  }

  /** Room for one more session: the least recently used idle one goes; false when all are busy. */
  private async makeRoom(): Promise<boolean> {
    if (this.byId.size < this.maxSessions) return true;
    const idle = [...this.byId.values()].filter((s) => s.open === 0).sort((a, b) => a.lastUsed - b.lastUsed);
    const oldest = idle[0];
    if (!oldest) return false;
    this.log.info(`MCP: session limit (${this.maxSessions}) reached, closing the least recently used idle session`);
    this.byId.delete(oldest.id);
    await oldest.server.close().catch(() => undefined);
    return true;
  }
}
