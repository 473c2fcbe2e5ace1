// An MCP client of the extension's server, as a terminal agent connects (the SDK's own client).
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as vscode from 'vscode';
import type { McpEndpoint } from '../../src/mcp/start';

export async function endpoint(): Promise<McpEndpoint> {
  const found = await vscode.commands.executeCommand<McpEndpoint | undefined>('lspTool.mcpEndpoint');
  assert.ok(found, 'lspTool.mcpEndpoint returns the running server');
  return found;
}

export async function connect(name = 'mcp-integration-test'): Promise<Client> {
  const { url, headers } = await endpoint();
  const client = new Client({ name, version: '9.9.9' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export type CallResult = Awaited<ReturnType<Client['callTool']>>;

/** The one text item of a tool call's result. */
export function mcpText(result: CallResult): string {
  const content = result.content as { type: string; text?: string }[];
  assert.equal(content.length, 1, 'one content item');
  assert.equal(content[0]!.type, 'text');
  return content[0]!.text!;
}
