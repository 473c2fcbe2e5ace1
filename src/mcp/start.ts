// The MCP server's life in the window: started right after activation (never during it) when
// lspTool.mcp.enabled is on and the workspace is trusted, stopped when either turns off. Its code
// and the SDK live in dist/mcp.js, required on first start; integrated terminals get its URL and
// token, never persisted, so no value of an earlier session is left behind.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CONFIG_SECTION, Command, Mcp } from '../ids';
import { offerWhileEnabled } from '../platform/mcpRegistry';
import { askInEditor } from './ask';
import type { McpLog, McpToolHost } from './host';
import type { ToolManifest } from '../engine/toolSchema';
import type { ToolApi } from '../tools/definition';
import type * as McpBundle from './index';
import type { RunningMcpServer } from './server';

export interface McpStartDeps {
  /** One tool call through the call path (the features' CallPath.callTool); the listing comes from dist/mcp.js itself. */
  call: McpToolHost['call'];
  /** Each tool's api.ts entry (src/tools/list.ts): whether it writes sets its listing's hints. */
  tools: readonly Pick<ToolApi, 'name' | 'writes'>[];
  log: McpLog;
  timeoutMs: () => number;
}

export interface McpEndpoint {
  url: string;
  headers: { Authorization: string };
}

/** The language-model tools package.json contributes. */
function contributedTools(context: vscode.ExtensionContext): ToolManifest[] {
  const json = context.extension.packageJSON as { contributes?: { languageModelTools?: ToolManifest[] } };
  return json.contributes?.languageModelTools ?? [];
}

export function registerMcp(context: vscode.ExtensionContext, deps: McpStartDeps): vscode.Disposable {
  const env = context.environmentVariableCollection;
  env.persistent = false;
  env.description = vscode.l10n.t('The URL and token of the LSP Tool MCP server of this window, for agents in the terminal.');
  let running: RunningMcpServer | undefined;
  let disposed = false;
  // One change at a time: a setting flipped twice quickly ends in the state it names last.
  let chain: Promise<void> = Promise.resolve();
  const endpoint = (): McpEndpoint | undefined => (running ? { url: running.url, headers: { Authorization: `Bearer ${running.token}` } } : undefined);
  // VS Code's own MCP registry sees the server come and go (lspTool.mcp.offerToVsCode, off by default).
  const changed = new vscode.EventEmitter<void>();
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0.0.0';
  const offer = offerWhileEnabled({ current: endpoint, onDidChange: changed.event }, 'LSP Tool', version);

  const writingOn = (): boolean => vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>('writingTools', true);
  const readsOnly = (name: string): boolean => deps.tools.some((t) => t.name === name && !t.writes);
  const wanted = (): boolean =>
    !disposed && vscode.workspace.isTrusted && vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>(Mcp.enabledSetting, true);

  const apply = async (): Promise<void> => {
    if (wanted() && !running) {
      const started = performance.now();
      // A runtime require of the second bundle: esbuild leaves it alone, so the SDK stays out of activation.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bundle = require(path.join(context.extensionPath, 'dist', 'mcp.js')) as typeof McpBundle;
      running = await bundle.startMcpServer({
        // What the model reads over MCP is what VS Code's tool API offers: package.json's entries (equal to MANIFESTS, test/unit/manifest.test.ts).
        // The tools that write are listed only while writing is on (lspTool.writingTools); the call path refuses them too.
        host: {
          tools: () =>
            bundle.toolListing(
              contributedTools(context).filter((m) => writingOn() || readsOnly(m.name)),
              deps.tools,
            ),
          knows: (name) => deps.tools.some((t) => t.name === name),
          call: deps.call,
        },
        ask: askInEditor(deps.timeoutMs),
        log: deps.log,
        version,
      });
      env.replace(Mcp.urlVariable, running.url);
      env.replace(Mcp.tokenVariable, running.token);
      deps.log.info(`MCP server listening on ${running.url} (dist/mcp.js loaded and the server started in ${(performance.now() - started).toFixed(1)}ms)`);
      changed.fire();
    } else if (!wanted() && running) {
      const stopping = running;
      running = undefined;
      env.clear();
      await stopping.close();
      deps.log.info('MCP server stopped');
      changed.fire();
    }
  };
  const sync = (): Promise<void> => {
    chain = chain.then(apply).catch((err: unknown) => deps.log.error(`MCP server: ${err instanceof Error ? err.message : String(err)}`));
    return chain;
  };

  const timer = setTimeout(() => void sync(), 0);
  const subscriptions = [
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${CONFIG_SECTION}.${Mcp.enabledSetting}`)) void sync();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void sync()),
    vscode.commands.registerCommand(Command.mcpEndpoint, async (): Promise<McpEndpoint | undefined> => {
      // Asked before the deferred start ran, it starts the server now (sync is idempotent).
      await sync();
      return endpoint();
    }),
  ];
  return new vscode.Disposable(() => {
    disposed = true;
    clearTimeout(timer);
    for (const s of subscriptions) s.dispose();
    offer.dispose();
    void sync().finally(() => changed.dispose());
  });
}
