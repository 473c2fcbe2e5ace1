// activate(): what VS Code needs at activation, and nothing more: the tools, commands and @lsp
// participant registered with handlers that load the features bundle (dist/web/features.js,
// src/features.ts) on first use, the card's view, the log channel and the MCP registration. Every
// disposable is owned by context.subscriptions. This bundle serves both extension hosts: the web
// worker calls activate() (no disk, no MCP server), the Node host's entry (src/node/main.ts) calls
// activateWith() and injects what only Node has.
import type * as vscode from 'vscode';
import { fetchingLoader, LazyFeatures, type LoadBundle } from './activation/lazyFeatures';
import { registerLazily } from './activation/registrations';
import { CardViewProvider } from './card/cardViewProvider';
import type { HierarchyResult } from './engine/hierarchyResult';
import { RecentOutcomes } from './engine/recentOutcomes';
import type { DiagnosticsResult, LspQueryResult, SymbolsResult } from './engine/result';
import { DEFAULT_SETTINGS } from './engine/settings';
import type { Features, Twin, TwinResults } from './features';
import { registerNoMcp } from './mcp/noServer';
import type { registerMcp } from './mcp/start';
import { lazyLogChannel } from './platform/logChannel';
import type { ToolApiNames } from './tools/apis';
import { DIAGNOSTICS_API } from './tools/lsp_diagnostics/api';
import { HIERARCHY_API } from './tools/lsp_hierarchy/api';
import { LSP_API } from './tools/lsp/api';
import { SYMBOLS_API } from './tools/lsp_symbols/api';
import type { DiagnosticsToolInput } from './tools/lsp_diagnostics/input';
import type { HierarchyToolInput } from './tools/lsp_hierarchy/input';
import type { LspToolInput } from './tools/lsp/input';
import type { SymbolsToolInput } from './tools/lsp_symbols/input';
import type { NodeDisk } from './workspace/disk';

export interface LspToolApi {
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
  /** The structured twin of the tool: same input, the canonical value as output. */
  query(input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult>;
  /** The structured twin of lsp_symbols: `{query?, file_path?}` in, the symbols zero-based and uncapped out. */
  symbols(input: unknown, token?: vscode.CancellationToken): Promise<SymbolsResult>;
  /** The registered language-model tool itself, for hosts that embed it. */
  readonly tool: vscode.LanguageModelTool<LspToolInput>;
  /** The registered lsp_symbols tool. */
  readonly symbolsTool: vscode.LanguageModelTool<SymbolsToolInput>;
  /** The structured twin of lsp_hierarchy: same input, the canonical tree (zero-based, uncapped). */
  hierarchy(input: unknown, token?: vscode.CancellationToken): Promise<HierarchyResult>;
  /** The registered lsp_hierarchy tool itself. */
  readonly hierarchyTool: vscode.LanguageModelTool<HierarchyToolInput>;
  /** The structured twin of lsp_diagnostics: `{file_paths?, severity?}` in, the diagnostics zero-based and uncapped out. */
  diagnostics(input: unknown, token?: vscode.CancellationToken): Promise<DiagnosticsResult>;
  /** The registered lsp_diagnostics tool. */
  readonly diagnosticsTool: vscode.LanguageModelTool<DiagnosticsToolInput>;
  /** Any tool by name through the one call path, as a transport calls it (MCP's adapter, scripts). */
  readonly callTool: Features['callTool'];
  /** The search card (its last render metrics are read by tests and the benchmark). */
  readonly card: CardViewProvider;
  /** Resolves when what earlier queries set off (card updates, follow-along reveals) has run. */
  followAlongSettled(): Promise<void>;
  /** Where this extension's logs live (the "LSP Tool" channel writes `LSP Tool.log` here). */
  readonly logUri: vscode.Uri;
}

/** What the Node extension host adds (src/node/main.ts); each one missing means the web worker's behaviour. */
export interface HostPlatform {
  /** Direct disk access and symlink resolution for `file:` URIs. */
  disk?: NodeDisk;
  /** The MCP server's registration (src/mcp/start.ts). */
  registerMcp?: typeof registerMcp;
  /** Loads a bundle of the extension (Node: require); without it, the web worker's fetch and evaluate. */
  load?: LoadBundle;
}

/** The web-worker host's entry: no disk, no MCP server. */
export function activate(context: vscode.ExtensionContext): LspToolApi {
  return activateWith(context, {});
}

export function activateWith(context: vscode.ExtensionContext, platform: HostPlatform): LspToolApi {
  const activationStarted = performance.now();
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };
  const { log, disposable: logChannel } = lazyLogChannel('LSP Tool');
  own(logChannel);

  // The card and the store of recent outcomes it shows (back and forward) exist from the start: the view may open before any call.
  const outcomes = new RecentOutcomes();
  const { card, disposable: cardRegistration } = CardViewProvider.register({ extensionUri: context.extensionUri, outcomes });
  own(cardRegistration);

  // Everything else arrives with the features bundle, on first use.
  const features = new LazyFeatures(
    platform.load ?? fetchingLoader(context.extensionUri),
    (bundle) => bundle.startFeatures({ context, log, outcomes, card, disk: platform.disk }),
    log,
  );
  const { tools, disposable: registrations } = registerLazily(context.extensionUri, features);
  own(registrations);

  // The same tools over MCP, for agents outside VS Code's tool API (not in the web-worker host).
  own(
    (platform.registerMcp ?? registerNoMcp)(context, {
      call: async (...args) => (await features.get()).mcpCall(...args),
      log,
      timeoutMs: () => features.current?.timeoutMs() ?? DEFAULT_SETTINGS.timeoutMs,
    }),
  );

  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  // The API: each tool's structured twin and registered tool under the names its api.ts gives. The
  // object is typed as LspToolApi, so that the compiler checks each name and each value against it.
  const twin =
    <K extends keyof TwinResults>(field: K): Twin<TwinResults[K]> =>
    async (input, token) =>
      (await features.get()).twins[field](input, token);
  const tool = (names: ToolApiNames): vscode.LanguageModelTool<unknown> => tools.get(names.name)!;
  const api: LspToolApi = {
    [LSP_API.twin]: twin(LSP_API.twin),
    [LSP_API.tool]: tool(LSP_API),
    [SYMBOLS_API.twin]: twin(SYMBOLS_API.twin),
    [SYMBOLS_API.tool]: tool(SYMBOLS_API),
    [HIERARCHY_API.twin]: twin(HIERARCHY_API.twin),
    [HIERARCHY_API.tool]: tool(HIERARCHY_API),
    [DIAGNOSTICS_API.twin]: twin(DIAGNOSTICS_API.twin),
    [DIAGNOSTICS_API.tool]: tool(DIAGNOSTICS_API),
    activationMs,
    callTool: async (...args: Parameters<Features['callTool']>) => (await features.get()).callTool(...args),
    card,
    followAlongSettled: async () => {
      await (await features.whenStarted())?.settled();
    },
    logUri: context.logUri,
  };
  return api;
}

export function deactivate(): void {}
