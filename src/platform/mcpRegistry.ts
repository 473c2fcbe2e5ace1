// Offers this window's MCP server to VS Code's own MCP registry, so that the agents VS Code hosts
// over MCP (Copilot Chat's Copilot CLI and Claude sessions) reach the tools. The API exists from
// VS Code 1.101 and engines.vscode starts at 1.100: it is looked up at run time. Off by default
// (lspTool.mcp.offerToVsCode): Copilot's agent mode then offers each tool twice, see docs/agents.md.
import * as vscode from 'vscode';
import { CONFIG_SECTION, Mcp } from '../ids';

export const MCP_DEFINITION_PROVIDER_ID = 'lspTool.mcpServer';

export interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}

/** What the registry needs of the server: where it is now, and when that changes. */
export interface McpEndpointSource {
  current(): McpEndpoint | undefined;
  readonly onDidChange: vscode.Event<void>;
}

type HttpDefinitionClass = new (label: string, uri: vscode.Uri, headers?: Record<string, string>, version?: string) => { headers: Record<string, string> };

interface McpDefinitionProvider {
  onDidChangeMcpServerDefinitions: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): { headers: Record<string, string> }[];
  resolveMcpServerDefinition(server: { headers: Record<string, string> }, token: vscode.CancellationToken): { headers: Record<string, string> } | undefined;
}

interface McpRegistryApi {
  registerMcpServerDefinitionProvider?(id: string, provider: McpDefinitionProvider): vscode.Disposable;
}

/** Whether this VS Code has the API (1.101 or newer). */
export function hasMcpRegistry(): boolean {
  return (
    typeof (vscode.lm as unknown as McpRegistryApi).registerMcpServerDefinitionProvider === 'function' &&
    typeof (vscode as unknown as { McpHttpServerDefinition?: unknown }).McpHttpServerDefinition === 'function'
  );
}

/** Registers the provider, or returns undefined where VS Code has no MCP registry. */
export function offerToVsCode(source: McpEndpointSource, label: string, version: string): vscode.Disposable | undefined {
  if (!hasMcpRegistry()) return undefined;
  const Definition = (vscode as unknown as { McpHttpServerDefinition: HttpDefinitionClass }).McpHttpServerDefinition;
  const provider: McpDefinitionProvider = {
    onDidChangeMcpServerDefinitions: source.onDidChange,
    provideMcpServerDefinitions: () => {
      const endpoint = source.current();
      return endpoint ? [new Definition(label, vscode.Uri.parse(endpoint.url), { ...endpoint.headers }, version)] : [];
    },
    // At start the token is the one serving now (a restart of the server changes it), or the server is off.
    resolveMcpServerDefinition: (server) => {
      const endpoint = source.current();
      if (!endpoint) return undefined;
      server.headers = { ...endpoint.headers };
      return server;
    },
  };
  return (vscode.lm as unknown as Required<McpRegistryApi>).registerMcpServerDefinitionProvider(MCP_DEFINITION_PROVIDER_ID, provider);
}

/** The provider while lspTool.mcp.offerToVsCode is on; registered and disposed as the setting changes. */
export function offerWhileEnabled(source: McpEndpointSource, label: string, version: string): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const enabled = (): boolean => vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>(Mcp.offerToVsCodeSetting, false);
  const sync = (): void => {
    if (enabled() && !registration) registration = offerToVsCode(source, label, version);
    else if (!enabled() && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  sync();
  const watch = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`${CONFIG_SECTION}.${Mcp.offerToVsCodeSetting}`)) sync();
  });
  return new vscode.Disposable(() => {
    watch.dispose();
    registration?.dispose();
  });
}
