// What the MCP server needs from the extension: the tools' listing and the one call path's call
// (src/calls/callPath.ts, CallPath.callTool, with the one Caller shape). The server knows no engine
// and no `vscode`, so it runs (and is unit-tested) in plain Node.
import type { CallPath, ConfirmRequest } from '../calls/callPath';

/** A tool as the language-model API declares it: the MCP tool list repeats it exactly. */
export interface McpToolDefinition {
  name: string;
  /** For people: the manifest's displayName. */
  title?: string;
  description: string;
  inputSchema: object;
  /** MCP's hints (readOnlyHint and the rest): src/mcp/listing.ts. */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/** A `vscode.CancellationToken` in shape: the engine's budget takes either. */
export interface McpCancellation {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export interface McpToolHost {
  /** The tools listed now. */
  tools(): readonly McpToolDefinition[];
  /**
   * Whether `name` is a tool of the host, listed or not: a tool that writes is not listed while
   * writing is off, and a call to it still reaches the call path, which refuses it with a coded
   * error that says why. Without it, the listed tools are all there are.
   */
  knows?(name: string): boolean;
  /**
   * Runs one tool call through the call path (CallPath.callTool): the text `vscode.lm.invokeTool`
   * would return. Throws an Error with a string `code` property (LspToolError) for a coded error,
   * whose message the client gets as the result.
   */
  call: CallPath['callTool'];
}

/**
 * The person's answer to an outside-workspace question, asked on behalf of the client `label`
 * (`name version`); false when declined, unanswered, or once `cancellation` fires.
 */
export type McpAsk = (request: ConfirmRequest & { label: string }, cancellation: McpCancellation) => Promise<boolean>;

export interface McpLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}
