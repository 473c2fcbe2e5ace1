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
import { RecentOutcomes } from './engine/recentOutcomes';
import { DEFAULT_SETTINGS } from './engine/settings';
import type { Features, Twin } from './features';
import { registerNoMcp } from './mcp/noServer';
import type { registerMcp } from './mcp/start';
import { lazyLogChannel } from './platform/logChannel';
import { watchWritingContext } from './platform/writingContext';
import type { InputOf, ResultOf } from './tools/definition';
import { TOOL_APIS, type ListedToolApi } from './tools/list';
import type { NodeDisk } from './workspace/disk';

/**
 * Each tool's members of the API, by looping over the list (src/tools/list.ts) under the names its
 * api.ts gives: its structured twin (same input as the tool, the canonical value, zero-based and
 * uncapped, as output) and its registered language-model tool (for hosts that embed it). For
 * example `query` and `tool` for the lsp tool.
 */
export type ToolMembers = { readonly [A in ListedToolApi as A['twin']]: Twin<ResultOf<A>> } & {
  readonly [A in ListedToolApi as A['tool']]: vscode.LanguageModelTool<InputOf<A>>;
};

export interface LspToolApi extends ToolMembers {
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
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
  // The tools that write are offered (their when clause) only where writing is allowed.
  own(watchWritingContext());

  // The same tools over MCP, for agents outside VS Code's tool API (not in the web-worker host).
  own(
    (platform.registerMcp ?? registerNoMcp)(context, {
      call: async (...args) => (await features.get()).callTool(...args),
      tools: TOOL_APIS,
      log,
      timeoutMs: () => features.current?.timeoutMs() ?? DEFAULT_SETTINGS.timeoutMs,
    }),
  );

  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  // The API: each tool's structured twin and registered tool under the names its api.ts gives,
  // looped over the list; ToolMembers types them from the same list.
  const members = Object.fromEntries(
    TOOL_APIS.flatMap((names): [string, unknown][] => [
      [names.twin, (async (input, token) => (await features.get()).twins[names.twin]!(input, token)) satisfies Twin<unknown>],
      [names.tool, tools.get(names.name)!],
    ]),
  ) as unknown as ToolMembers;
  const api: LspToolApi = {
    ...members,
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
