// A session's MCP tool requests: tools/list from the host's listing, tools/call through the host
// within a slot, with progress while it runs and cancellation when the client gives up.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../calls/callPath';
import type { McpAsk, McpCancellation, McpToolHost } from './host';
import type { Slots } from './slots';

export interface ToolCallDeps {
  host: McpToolHost;
  ask: McpAsk;
  slots: Slots;
  progressIntervalMs: number;
  /** The abort of a request's HTTP connection (closed before its answer), by JSON-RPC id. */
  connectionOf(id: RequestId): AbortController | undefined;
  /** A request answered: its connection's entry goes. */
  done(id: RequestId): void;
}

/** Serves tools/list and tools/call on `server`. */
export function serveTools(server: Server, deps: ToolCallDeps): void {
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: deps.host.tools().map((t) => ({ ...t, inputSchema: t.inputSchema as { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const connection = deps.connectionOf(extra.requestId);
    const signal = connection ? AbortSignal.any([extra.signal, connection.signal]) : extra.signal;
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    const report = (message: string): void => {
      if (progressToken === undefined || signal.aborted) return;
      progress += 1;
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(() => undefined);
    };
    try {
      return await callTool(deps, request.params, server.getClientVersion(), signal, progressToken === undefined ? undefined : report);
    } finally {
      deps.done(extra.requestId);
    }
  });
}

/** The tool call deps of either protocol era: the host, the person's answer, the slots. */
export type CallDeps = Pick<ToolCallDeps, 'host' | 'ask' | 'slots' | 'progressIntervalMs'>;

/**
 * One tools/call: an unknown tool is a protocol error (McpError); anything else is the tool's
 * answer, a coded error included. `report` (when the client asked for progress) hears of waits.
 */
export async function callTool(
  deps: CallDeps,
  params: { name: string; arguments?: Record<string, unknown> },
  client: { name: string; version: string } | undefined,
  signal: AbortSignal,
  report?: (message: string) => void,
): Promise<CallToolResult> {
  const { name } = params;
  const known = deps.host.knows?.(name) ?? deps.host.tools().some((t) => t.name === name);
  if (!known) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const clientName = client?.name.trim() || 'MCP client';
  const label = client ? `${clientName} ${client.version}`.trim() : clientName;
  const ticker = report ? setInterval(() => report(`${name}: waiting for the language server's answer`), deps.progressIntervalMs) : undefined;
  try {
    const release = await deps.slots.acquire(signal, () => report?.(`${name}: waiting for a free slot`));
    try {
      const cancellation = cancellationOf(signal);
      // The one caller shape of the call path: the card's entry is titled by the client's name; the
      // person is asked with its name and version.
      const caller: Caller = { transport: 'mcp', label: clientName, confirm: (request) => deps.ask({ ...request, label }, cancellation) };
      const { text } = await deps.host.call(name, params.arguments ?? {}, caller, cancellation);
      return { content: [{ type: 'text', text }] };
    } finally {
      release();
    }
  } catch (err) {
    // A coded error (and any other failure of the call) is the tool's answer, never a protocol error.
    return { content: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }], isError: true };
  } finally {
    if (ticker) clearInterval(ticker);
  }
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
