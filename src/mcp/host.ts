// What the MCP server needs from the extension: the tools' definitions and one call of each. The
// server knows no engine and no `vscode`, so it runs (and is unit-tested) in plain Node.

/** A tool as the language-model API declares it: the MCP tool list repeats it exactly. */
export interface McpToolDefinition {
  name: string;
  /** For people: the manifest's displayName. */
  title?: string;
  description: string;
  inputSchema: object;
  /** MCP's hints (readOnlyHint and the rest): src/tools/listing.ts. */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/** A `vscode.CancellationToken` in shape: the engine's budget takes either. */
export interface McpCancellation {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export interface McpConfirmRequest {
  toolName: string;
  filePath: string;
  /** The file's URI, as the person should see it. */
  uri: string;
}

/** Who is calling: the MCP client's name and version from its `initialize` request. */
export interface McpCaller {
  transport: 'mcp';
  /** `name version`, for the prompt and the log. */
  label: string;
  /** The client's name alone, which titles the card's entry. */
  client: string;
  /** Asks the person in the editor (outside-workspace `ask`); false when declined or unanswered. */
  confirm(request: McpConfirmRequest): Promise<boolean>;
}

export interface McpToolHost {
  tools(): readonly McpToolDefinition[];
  /**
   * Runs one tool call: the text `vscode.lm.invokeTool` would return. Throws an Error with a string
   * `code` property (LspToolError) for a coded error, whose message the client gets as the result.
   */
  call(name: string, input: unknown, caller: McpCaller, cancellation: McpCancellation): Promise<{ text: string }>;
}

/** The person's answer to an outside-workspace question, asked on behalf of the client `label` (McpCaller's); false once `cancellation` fires. */
export type McpAsk = (request: McpConfirmRequest & { label: string }, cancellation: McpCancellation) => Promise<boolean>;

export interface McpLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}
