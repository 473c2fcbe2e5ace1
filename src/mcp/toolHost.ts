// The MCP transport's calls: each one goes through the one call path (the same policy, engine,
// outcome store and card as a language-model tool call), as an 'mcp' caller named by its client.
import * as vscode from 'vscode';
import type { CallPath } from '../tools/callPath';
import type { McpToolHost } from './host';

export function mcpCalls(calls: Pick<CallPath, 'callTool'>): McpToolHost['call'] {
  return (name, input, caller, cancellation) =>
    calls.callTool(
      name,
      input,
      {
        transport: 'mcp',
        label: caller.client,
        // The person reads the file as VS Code shows a URI, not in its encoded form.
        confirm: (request) =>
          caller.confirm({ toolName: request.toolName, filePath: request.filePath, uri: vscode.Uri.parse(request.uri, true).toString(true) }),
      },
      cancellation,
    );
}
